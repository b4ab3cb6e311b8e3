/**
 * Agent cards and their security (v0.3 specification section 5.5; A2A v1.0 sections 4.4 and 4.5):
 * `url` + `preferredTransport` + `additionalInterfaces` + `protocolVersion` ↔ `supportedInterfaces`,
 * `supportsAuthenticatedExtendedCard` ↔ `capabilities.extendedAgentCard`, `security` ↔
 * `securityRequirements` (`{ name: scopes }` ↔ `{ schemes: { name: { list: scopes } } }`), and the
 * `type`-discriminated schemes ↔ the set member (`in` ↔ `location`). OAuth flows: v0.3 may list
 * several, v1.0 holds one (the first is kept, as the SDKs do); v1.0's deviceCode has no v0.3 form.
 */
import { carry, copyJson, isObj, keys, put, type Ctx, type Obj, sub, type Path } from "./context.js";
import { SAY } from "./messages.js";

type P = Path;

/** The v0.3 default of `preferredTransport` (v0.3 specification, section 5.5). */
export const DEFAULT_TRANSPORT = "JSONRPC";

/** Is `version` a v0.3 protocol version: at least 0.3, below 1.0 (how the SDKs pick the interfaces of a v0.3 card)? An empty one counts. */
export function isV03Version(version: unknown): boolean {
  if (version === undefined || version === "") return true;
  // Only a string is a version: String() of an object would run its code (a getter, a proxy trap).
  if (typeof version !== "string") return false;
  const m = /^(\d+)\.(\d+)/.exec(version);
  return m !== null && m[1] === "0" && Number(m[2]) >= 3;
}

function requirementsToV1(list: unknown): Obj[] {
  return (list as Obj[]).map((r) => {
    const schemes: Obj = {};
    for (const k of Object.keys(r)) put(schemes, k, { list: copyJson(r[k]) });
    return { schemes };
  });
}

function requirementsToV03(list: unknown): Obj[] {
  return (list as Obj[]).map((r) => {
    const out: Obj = {};
    const schemes = (r.schemes ?? {}) as Obj;
    for (const k of Object.keys(schemes)) put(out, k, copyJson((schemes[k] as Obj).list ?? []));
    return out;
  });
}

const FLOW_ORDER = ["authorizationCode", "clientCredentials", "implicit", "password"] as const;
const FLOW_03 = keys("authorizationUrl", "tokenUrl", "refreshUrl", "scopes");

function flowsToV1(f: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(f, at, FLOWS_03);
  const present = FLOW_ORDER.filter((k) => f[k] !== undefined);
  if (present.length === 0) return {};
  if (present.length > 1) ctx.lost(sub(at, present[1]!), SAY.moreFlows(present[0]!, present.slice(1)));
  const flow = f[present[0]!] as Obj;
  ctx.extras(flow, sub(at, present[0]!), FLOW_03);
  return { [present[0]!]: copyJson(flow) };
}

function flowsToV03(f: Obj, at: P, ctx: Ctx): Obj {
  const out: Obj = {};
  for (const k of FLOW_ORDER) {
    if (!isObj(f[k])) continue;
    const flow = copyJson(f[k]) as Obj;
    if (flow.pkceRequired !== undefined) {
      ctx.lost(sub(at, k, "pkceRequired"), SAY.pkce);
      delete flow.pkceRequired;
    }
    out[k] = flow;
  }
  if (f.deviceCode !== undefined) ctx.lost(sub(at, "deviceCode"), SAY.deviceCode);
  return out;
}

const SCHEME_03: Readonly<Record<string, ReadonlySet<string>>> = {
  apiKey: keys("type", "name", "in", "description"),
  http: keys("type", "scheme", "bearerFormat", "description"),
  oauth2: keys("type", "flows", "oauth2MetadataUrl", "description"),
  openIdConnect: keys("type", "openIdConnectUrl", "description"),
  mutualTLS: keys("type", "description"),
};

function schemeToV1(s: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(s, at, SCHEME_03[s.type as string] ?? SCHEME_03.mutualTLS!);
  const out: Obj = {};
  carry(s, out, "description");
  switch (s.type) {
    case "apiKey":
      carry(s, out, "in", "location");
      carry(s, out, "name");
      return { apiKeySecurityScheme: out };
    case "http":
      carry(s, out, "scheme");
      carry(s, out, "bearerFormat");
      return { httpAuthSecurityScheme: out };
    case "oauth2":
      out.flows = flowsToV1(s.flows as Obj, sub(at, "flows"), ctx);
      carry(s, out, "oauth2MetadataUrl");
      return { oauth2SecurityScheme: out };
    case "openIdConnect":
      carry(s, out, "openIdConnectUrl");
      return { openIdConnectSecurityScheme: out };
    default:
      return { mtlsSecurityScheme: out };
  }
}

function schemeToV03(s: Obj, at: P, ctx: Ctx): Obj {
  const [member] = Object.keys(s);
  const v = (s[member!] ?? {}) as Obj;
  const out: Obj = {};
  switch (member) {
    case "apiKeySecurityScheme":
      out.type = "apiKey";
      carry(v, out, "name");
      carry(v, out, "location", "in");
      break;
    case "httpAuthSecurityScheme":
      out.type = "http";
      carry(v, out, "scheme");
      carry(v, out, "bearerFormat");
      break;
    case "oauth2SecurityScheme":
      out.type = "oauth2";
      out.flows = flowsToV03((v.flows ?? {}) as Obj, sub(at, member, "flows"), ctx);
      carry(v, out, "oauth2MetadataUrl");
      break;
    case "openIdConnectSecurityScheme":
      out.type = "openIdConnect";
      carry(v, out, "openIdConnectUrl");
      break;
    default:
      out.type = "mutualTLS";
  }
  carry(v, out, "description");
  return out;
}

function schemesMap(m: Obj, at: P, ctx: Ctx, one: (s: Obj, at: P, ctx: Ctx) => Obj): Obj {
  const out: Obj = {};
  for (const k of Object.keys(m)) put(out, k, one(m[k] as Obj, sub(at, k), ctx));
  return out;
}

const SKILL_03 = keys("id", "name", "description", "tags", "examples", "inputModes", "outputModes", "security");

function skillToV1(s: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(s, at, SKILL_03);
  const out: Obj = { id: s.id, name: s.name, description: s.description, tags: copyJson(s.tags) };
  carry(s, out, "examples");
  carry(s, out, "inputModes");
  carry(s, out, "outputModes");
  if (s.security !== undefined) out.securityRequirements = requirementsToV1(s.security);
  return out;
}

function skillToV03(s: Obj): Obj {
  const out: Obj = { id: s.id, name: s.name, description: s.description, tags: copyJson(s.tags) };
  carry(s, out, "examples");
  carry(s, out, "inputModes");
  carry(s, out, "outputModes");
  if (s.securityRequirements !== undefined) out.security = requirementsToV03(s.securityRequirements);
  return out;
}

const CAPS_03 = keys("streaming", "pushNotifications", "stateTransitionHistory", "extensions");

function capsToV1(c: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(c, at, CAPS_03);
  if (c.stateTransitionHistory !== undefined) ctx.lost(sub(at, "stateTransitionHistory"), SAY.stateHistory);
  const out: Obj = {};
  carry(c, out, "streaming");
  carry(c, out, "pushNotifications");
  carry(c, out, "extensions");
  return out;
}

const INTERFACE_03 = keys("url", "transport");
const FLOWS_03 = keys(...FLOW_ORDER);

const CARD_03 = keys(
  "name", "description", "url", "preferredTransport", "additionalInterfaces", "version", "protocolVersion", "provider", "iconUrl",
  "documentationUrl", "capabilities", "securitySchemes", "security", "defaultInputModes", "defaultOutputModes", "skills",
  "supportsAuthenticatedExtendedCard", "signatures",
);

export function cardToV1(c: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(c, at, CARD_03);
  const version = c.protocolVersion;
  const interfaces: Obj[] = [{ url: c.url, protocolBinding: c.preferredTransport ?? DEFAULT_TRANSPORT, protocolVersion: version }];
  if (Array.isArray(c.additionalInterfaces)) {
    c.additionalInterfaces.forEach((i: Obj, n) => {
      ctx.extras(i, sub(at, "additionalInterfaces", n), INTERFACE_03);
      interfaces.push({ url: i.url, protocolBinding: i.transport, protocolVersion: version });
    });
  }
  const out: Obj = { name: c.name, description: c.description, supportedInterfaces: interfaces };
  carry(c, out, "provider");
  out.version = c.version;
  carry(c, out, "documentationUrl");
  const caps = capsToV1(c.capabilities as Obj, sub(at, "capabilities"), ctx);
  if (c.supportsAuthenticatedExtendedCard !== undefined) caps.extendedAgentCard = c.supportsAuthenticatedExtendedCard;
  out.capabilities = caps;
  if (isObj(c.securitySchemes)) out.securitySchemes = schemesMap(c.securitySchemes, sub(at, "securitySchemes"), ctx, schemeToV1);
  if (c.security !== undefined) out.securityRequirements = requirementsToV1(c.security);
  out.defaultInputModes = copyJson(c.defaultInputModes);
  out.defaultOutputModes = copyJson(c.defaultOutputModes);
  out.skills = (c.skills as Obj[]).map((s, i) => skillToV1(s, sub(at, "skills", i), ctx));
  if (c.signatures !== undefined) {
    ctx.lost(sub(at, "signatures"), SAY.signatures);
    out.signatures = copyJson(c.signatures);
  }
  carry(c, out, "iconUrl");
  return out;
}

export function cardToV03(c: Obj, at: P, ctx: Ctx): Obj {
  const all = (c.supportedInterfaces ?? []) as Obj[];
  const chosen: Obj[] = [];
  all.forEach((i, n) => {
    if (!isV03Version(i.protocolVersion)) return ctx.lost(sub(at, "supportedInterfaces", n), SAY.v1Interface(String(i.url), String(i.protocolVersion)));
    if (i.tenant !== undefined) ctx.lost(sub(at, "supportedInterfaces", n, "tenant"), SAY.tenant(String(i.tenant)));
    chosen.push(i);
  });
  const primary = chosen[0];
  const out: Obj = { name: c.name, description: c.description };
  if (primary === undefined) ctx.lost(sub(at, "supportedInterfaces"), SAY.noV03Interface);
  else {
    out.url = primary.url;
    out.preferredTransport = primary.protocolBinding;
    out.protocolVersion = primary.protocolVersion || "0.3.0";
    if (chosen.length > 1) out.additionalInterfaces = chosen.slice(1).map((i) => ({ url: i.url, transport: i.protocolBinding }));
  }
  out.version = c.version;
  carry(c, out, "provider");
  carry(c, out, "documentationUrl");
  carry(c, out, "iconUrl");
  const caps = (c.capabilities ?? {}) as Obj;
  const capsOut: Obj = {};
  carry(caps, capsOut, "streaming");
  carry(caps, capsOut, "pushNotifications");
  carry(caps, capsOut, "extensions");
  out.capabilities = capsOut;
  if (caps.extendedAgentCard !== undefined) out.supportsAuthenticatedExtendedCard = caps.extendedAgentCard;
  if (isObj(c.securitySchemes)) out.securitySchemes = schemesMap(c.securitySchemes, sub(at, "securitySchemes"), ctx, schemeToV03);
  if (c.securityRequirements !== undefined) out.security = requirementsToV03(c.securityRequirements);
  out.defaultInputModes = copyJson(c.defaultInputModes);
  out.defaultOutputModes = copyJson(c.defaultOutputModes);
  out.skills = ((c.skills ?? []) as Obj[]).map(skillToV03);
  if (c.signatures !== undefined) {
    ctx.lost(sub(at, "signatures"), SAY.signatures);
    out.signatures = copyJson(c.signatures);
  }
  return out;
}

/** The converter of each card type by its v1.0 name, both ways. */
export const CARD_TYPES = {
  AgentCard: [cardToV1, cardToV03],
  SecurityScheme: [schemeToV1, schemeToV03],
} as const;
