/** The legacy envelope family, adapted to the CLI's registry. */
import { MESSAGE_TYPES } from "../../legacy/constants.js";
import type { Validator } from "../../core/validator.js";
import { readSchemaFile } from "../package.js";
import { CERTAIN, LIKELY, POSSIBLE, lazy, type Claim, type Family, type TypeInfo } from "../registry.js";

const impl = lazy(() => import("../../legacy/index.js"));

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** `handshake_ack` → `HandshakeAckMessage` */
const typeOf = (messageType: string): string =>
  messageType.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase()) + "Message";

/** `HandshakeAckMessage` → `handshake-ack-message` (the schema file name) */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c, i: number) => (i ? "-" : "") + c.toLowerCase());

const DISPATCH = "LegacyMessage";
const PARTS = ["BaseMessage", "AgentCard", "AuthTag", "ErrorObject"];

const BY_MESSAGE_TYPE = new Map<string, string>(MESSAGE_TYPES.map((t) => [t, typeOf(t)]));
const NAMES = [DISPATCH, ...BY_MESSAGE_TYPE.values(), ...PARTS];

const validators = new Map<string, Validator<unknown>>();

/** `validate<Name>` of the loaded module. */
function validatorOf(name: string): Validator<unknown> {
  let v = validators.get(name);
  if (!v) {
    const L = impl.get()!;
    const named = name === DISPATCH ? undefined : (L as unknown as Record<string, Validator<unknown> | undefined>)[`validate${name}`];
    validators.set(name, (v = named ?? L.validateMessage));
  }
  return v;
}

const TYPES: TypeInfo[] = [
  { name: DISPATCH, note: "any of the 13, by message_type" },
  ...MESSAGE_TYPES.map((t) => ({ name: typeOf(t), note: `message_type "${t}"` })),
  ...PARTS.map((name) => ({ name, note: "a part of a message" })),
];

const ENVELOPE_KEYS = ["sender_id", "recipient_id", "timestamp", "payload"];

/** The claim of each message_type, made once: discriminate() runs for every envelope of a stream. */
const CLAIMS = new Map<string, Claim>([...BY_MESSAGE_TYPE].map(([t, name]) => [t, { types: [name], strength: CERTAIN }]));
// An unknown message_type still is a legacy envelope: the dispatcher names the allowed values.
const UNKNOWN_TYPE: Claim = { types: [DISPATCH], strength: CERTAIN };

function discriminate(value: object): Claim | undefined {
  if (Array.isArray(value) || !has(value, "message_type")) return undefined;
  const t = (value as { message_type: unknown }).message_type;
  return (typeof t === "string" ? CLAIMS.get(t) : undefined) ?? UNKNOWN_TYPE;
}

function detect(value: object): { types: string[]; strength: number } | undefined {
  if (Array.isArray(value)) return undefined;
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
  modes: [],
  prepare: impl.load,
  get ready() {
    return impl.get() !== undefined;
  },
  discriminate,
  detect,
  resolveType(name) {
    if (NAMES.includes(name)) return name;
    const lower = name.toLowerCase();
    return NAMES.find((k) => k.toLowerCase() === lower) ?? BY_MESSAGE_TYPE.get(name);
  },
  validate(type, value, ctx) {
    const validator = validatorOf(type);
    let concrete = type;
    if (type === DISPATCH && value !== null && typeof value === "object" && has(value, "message_type")) {
      const t = (value as { message_type: unknown }).message_type;
      if (typeof t === "string") concrete = BY_MESSAGE_TYPE.get(t) ?? type;
    }
    const r = validator(value);
    if (!r.ok) return { type: concrete, issues: r.issues };
    // Freshness only on an otherwise valid envelope: a broken timestamp is already reported.
    if (ctx.freshness && BY_MESSAGE_TYPE.has((value as { message_type?: string }).message_type ?? "")) {
      return { type: concrete, issues: [...(r.warnings ?? []), ...impl.get()!.checkFreshness(value, { now: ctx.now })] };
    }
    return { type: concrete, issues: r.warnings ?? [] };
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
