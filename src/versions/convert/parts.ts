/**
 * Parts, messages and artifacts (v0.3 specification sections 6.4 to 6.7; A2A v1.0 section 4.1):
 * `kind` ↔ the set member, file `bytes`/`uri` ↔ `raw`/`url`, `mimeType`/`name` ↔ `mediaType`/`filename`,
 * a v1.0 data part that is not an object ↔ `{ value }` flagged `data_part_compat` (as the SDKs do).
 */
import { carry, copyJson, isObj, keys, put, type Ctx, type Obj, sub, type Path } from "./context.js";
import { SAY } from "./messages.js";
import { ROLE_TO_V03, ROLE_TO_V1 } from "./tables.js";

type P = Path;

/** The metadata flag the SDKs put on a v0.3 data part that wraps a v1.0 value which is not an object. */
const COMPAT_FLAG = "data_part_compat";

const PART_03 = keys("kind", "text", "file", "data", "metadata");
const FILE_03 = keys("bytes", "uri", "mimeType", "name");

export function partToV1(p: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(p, at, PART_03);
  const out: Obj = {};
  if (p.kind === "file" && isObj(p.file)) {
    const f = p.file;
    ctx.extras(f, sub(at, "file"), FILE_03);
    if (f.bytes !== undefined) out.raw = f.bytes;
    else out.url = f.uri;
    if (f.name !== undefined) out.filename = f.name;
    if (f.mimeType !== undefined) out.mediaType = f.mimeType;
    carry(p, out, "metadata");
    return out;
  }
  if (p.kind === "data") {
    const meta = p.metadata;
    if (isObj(meta) && meta[COMPAT_FLAG] === true && isObj(p.data) && "value" in p.data) {
      out.data = copyJson(p.data.value);
      const rest: Obj = {};
      for (const k of Object.keys(meta)) if (k !== COMPAT_FLAG) put(rest, k, copyJson(meta[k]));
      if (Object.keys(rest).length > 0) out.metadata = rest;
      return out;
    }
    out.data = copyJson(p.data);
    carry(p, out, "metadata");
    return out;
  }
  out.text = p.text;
  carry(p, out, "metadata");
  return out;
}

export function partToV03(p: Obj, at: P, ctx: Ctx): Obj {
  const out: Obj = {};
  if (p.raw !== undefined || p.url !== undefined) {
    const file: Obj = p.raw !== undefined ? { bytes: p.raw } : { uri: p.url };
    if (p.mediaType !== undefined) file.mimeType = p.mediaType;
    if (p.filename !== undefined) file.name = p.filename;
    out.kind = "file";
    out.file = file;
    carry(p, out, "metadata");
    return out;
  }
  for (const k of ["filename", "mediaType"]) if (p[k] !== undefined) ctx.lost(sub(at, k), SAY.extra(k));
  if (p.data !== undefined) {
    out.kind = "data";
    if (isObj(p.data)) {
      out.data = copyJson(p.data);
      carry(p, out, "metadata");
    } else {
      out.data = { value: copyJson(p.data) };
      const meta = copyJson(p.metadata ?? {}) as Obj;
      meta[COMPAT_FLAG] = true;
      out.metadata = meta;
    }
    return out;
  }
  out.kind = "text";
  out.text = p.text;
  carry(p, out, "metadata");
  return out;
}

const parts = (list: unknown, at: P, ctx: Ctx, one: (p: Obj, at: P, ctx: Ctx) => Obj): Obj[] =>
  (list as Obj[]).map((p, i) => one(p, sub(at, i), ctx));

const MESSAGE_03 = keys("kind", "messageId", "role", "parts", "contextId", "taskId", "referenceTaskIds", "extensions", "metadata");

export function messageToV1(m: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(m, at, MESSAGE_03);
  const out: Obj = { messageId: m.messageId };
  carry(m, out, "contextId");
  carry(m, out, "taskId");
  out.role = ROLE_TO_V1[m.role as string] ?? m.role;
  out.parts = parts(m.parts, sub(at, "parts"), ctx, partToV1);
  carry(m, out, "metadata");
  carry(m, out, "extensions");
  carry(m, out, "referenceTaskIds");
  return out;
}

export function messageToV03(m: Obj, at: P, ctx: Ctx): Obj {
  const out: Obj = { kind: "message", messageId: m.messageId, role: ROLE_TO_V03[m.role as string] ?? m.role };
  out.parts = parts(m.parts, sub(at, "parts"), ctx, partToV03);
  carry(m, out, "contextId");
  carry(m, out, "taskId");
  carry(m, out, "metadata");
  carry(m, out, "extensions");
  carry(m, out, "referenceTaskIds");
  return out;
}

const ARTIFACT = keys("artifactId", "name", "description", "parts", "metadata", "extensions");

function artifact(a: Obj, at: P, ctx: Ctx, one: (p: Obj, at: P, ctx: Ctx) => Obj, checkExtras: boolean): Obj {
  if (checkExtras) ctx.extras(a, at, ARTIFACT);
  const out: Obj = { artifactId: a.artifactId };
  carry(a, out, "name");
  carry(a, out, "description");
  out.parts = parts(a.parts, sub(at, "parts"), ctx, one);
  carry(a, out, "metadata");
  carry(a, out, "extensions");
  return out;
}

export const artifactToV1 = (a: Obj, at: P, ctx: Ctx): Obj => artifact(a, at, ctx, partToV1, true);
export const artifactToV03 = (a: Obj, at: P, ctx: Ctx): Obj => artifact(a, at, ctx, partToV03, false);
