/** The legacy envelope family, adapted to the CLI's registry. */
import * as L from "../../legacy/index.js";
import type { Validator } from "../../core/validator.js";
import { readSchemaFile } from "../package.js";
import { CERTAIN, LIKELY, POSSIBLE, type Family, type TypeInfo } from "../registry.js";

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** `handshake_ack` → `HandshakeAckMessage` */
const typeOf = (messageType: string): string =>
  messageType.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase()) + "Message";

/** `HandshakeAckMessage` → `handshake-ack-message` (the schema file name) */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c, i: number) => (i ? "-" : "") + c.toLowerCase());

const DISPATCH = "LegacyMessage";
const PARTS = ["BaseMessage", "AgentCard", "AuthTag", "ErrorObject"];

const BY_MESSAGE_TYPE = new Map<string, string>(L.MESSAGE_TYPES.map((t) => [t, typeOf(t)]));

const VALIDATORS = new Map<string, Validator<unknown>>();
VALIDATORS.set(DISPATCH, L.validateMessage);
for (const name of [...BY_MESSAGE_TYPE.values(), ...PARTS]) {
  const v = (L as unknown as Record<string, Validator<unknown> | undefined>)[`validate${name}`];
  if (typeof v === "function") VALIDATORS.set(name, v);
}

const TYPES: TypeInfo[] = [
  { name: DISPATCH, note: "any of the 13, by message_type" },
  ...L.MESSAGE_TYPES.map((t) => ({ name: typeOf(t), note: `message_type "${t}"` })),
  ...PARTS.map((name) => ({ name, note: "a part of a message" })),
];

const ENVELOPE_KEYS = ["sender_id", "recipient_id", "timestamp", "payload"];

function detect(value: object): { types: string[]; strength: number } | undefined {
  if (Array.isArray(value)) return undefined;
  if (has(value, "message_type")) {
    const t = (value as { message_type: unknown }).message_type;
    const type = typeof t === "string" ? BY_MESSAGE_TYPE.get(t) : undefined;
    // An unknown message_type still is a legacy envelope: the dispatcher names the allowed values.
    return { types: [type ?? DISPATCH], strength: CERTAIN };
  }
  if (has(value, "message_id")) {
    // v1 in proto spelling also has message_id; the envelope keys tell them apart.
    const envelope = ENVELOPE_KEYS.some((k) => has(value, k));
    return { types: [DISPATCH], strength: envelope ? LIKELY : POSSIBLE };
  }
  return undefined;
}

export const legacy: Family = {
  name: "legacy",
  types: TYPES,
  hasModes: false,
  detect,
  resolveType(name) {
    if (VALIDATORS.has(name)) return name;
    const lower = name.toLowerCase();
    for (const k of VALIDATORS.keys()) if (k.toLowerCase() === lower) return k;
    return BY_MESSAGE_TYPE.get(name);
  },
  validate(type, value, ctx) {
    const validator = VALIDATORS.get(type) ?? L.validateMessage;
    let concrete = type;
    if (type === DISPATCH && value !== null && typeof value === "object" && has(value, "message_type")) {
      const t = (value as { message_type: unknown }).message_type;
      if (typeof t === "string") concrete = BY_MESSAGE_TYPE.get(t) ?? type;
    }
    const r = validator(value);
    if (!r.ok) return { type: concrete, issues: r.issues };
    const issues = [...(r.warnings ?? [])];
    // Freshness only on an otherwise valid envelope: a broken timestamp is already reported.
    if (ctx.freshness && BY_MESSAGE_TYPE.has((value as { message_type?: string }).message_type ?? "")) {
      issues.push(...L.checkFreshness(value, { now: ctx.now }));
    }
    return { type: concrete, issues };
  },
  async schema(type) {
    const name = this.resolveType(type);
    if (name === undefined) return undefined;
    if (name !== DISPATCH) return readSchemaFile("legacy", `${kebab(name)}.json`);
    // No file holds the union: point at the 13 published schemas by their $id.
    const base = readSchemaFile("legacy", "base-message.json") as { $id: string };
    const dir = base.$id.slice(0, base.$id.lastIndexOf("/") + 1);
    return {
      $schema: "http://json-schema.org/draft-07/schema#",
      title: DISPATCH,
      description: "Any legacy message, told apart by message_type.",
      oneOf: [...BY_MESSAGE_TYPE.values()].map((n) => ({ $ref: `${dir}${kebab(n)}.json` })),
    };
  },
};
