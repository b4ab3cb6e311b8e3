/**
 * fast-check generators for session documents, biased to the boundaries: leap
 * days, hour 24, second 60, 9 and 10 fraction digits, offsets and lowercase z,
 * every enum value and its near misses, artifact types against every data form,
 * unknown properties (which split the two modes), and wrong types everywhere.
 */
import fc from "fast-check";

const pad = (n: number, w: number) => String(n).padStart(w, "0");

const boundaryTimestamp: fc.Arbitrary<string> = fc
  .record({
    y: fc.constantFrom(0, 1900, 2000, 2023, 2024, 2025, 9999),
    mo: fc.constantFrom(0, 1, 2, 4, 12, 13),
    d: fc.constantFrom(0, 1, 28, 29, 30, 31, 32),
    h: fc.constantFrom(0, 23, 24),
    mi: fc.constantFrom(0, 59, 60),
    s: fc.constantFrom(0, 59, 60),
    frac: fc.constantFrom("", ".", ".5", ".123", ".123456", ".123456789", ".1234567890"),
    zone: fc.constantFrom("Z", "Z", "Z", "z", "+00:00", "", " Z"),
    sep: fc.constantFrom("T", "T", "T", "t", " "),
  })
  .map((p) => `${pad(p.y, 4)}-${pad(p.mo, 2)}-${pad(p.d, 2)}${p.sep}${pad(p.h, 2)}:${pad(p.mi, 2)}:${pad(p.s, 2)}${p.frac}${p.zone}`);

/** Real instants in the three precisions seen in practice. */
const goodTimestamp: fc.Arbitrary<string> = fc
  .tuple(fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true }), fc.constantFrom(0, 3, 9))
  .map(([d, digits]) => {
    const iso = d.toISOString();
    return digits === 0 ? iso.slice(0, 19) + "Z" : digits === 3 ? iso : iso.slice(0, 23) + "123456Z";
  });

export const timestamp: fc.Arbitrary<string> = fc.oneof({ arbitrary: goodTimestamp, weight: 9 }, { arbitrary: boundaryTimestamp, weight: 1 });

/** Anything JSON, small. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 8 }),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 2 }),
);

const str = fc.oneof(fc.string({ maxLength: 12 }), fc.constant(""), fc.constant("msg_01"));
const metadata = fc.oneof({ arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), junk, { maxKeys: 3 }), weight: 6 }, { arbitrary: junk, weight: 1 });

/** Mostly a valid value, sometimes a near miss. */
function choice<T>(good: readonly T[], bad: readonly T[]): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: fc.constantFrom(...good), weight: 9 }, { arbitrary: fc.constantFrom(...bad), weight: 1 });
}

/** A value for a field: usually of the right kind, sometimes wrong. */
function field<T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: junk, weight: 1 });
}

/** An object from its fields (required ones present 9 times in 10), sometimes with an unknown property. */
function obj(fields: Record<string, fc.Arbitrary<unknown>>, required: readonly string[]): fc.Arbitrary<unknown> {
  const withKeys = fc.record(fields, { requiredKeys: [] as string[] });
  const req = fc.record(Object.fromEntries(required.map((k) => [k, fields[k]!])));
  const base = fc.oneof({ arbitrary: fc.tuple(req, withKeys).map(([r, o]) => ({ ...(o as object), ...r })), weight: 9 }, { arbitrary: withKeys, weight: 1 });
  return fc.tuple(base, fc.oneof({ arbitrary: fc.constant(null), weight: 9 }, { arbitrary: fc.tuple(fc.constantFrom("x-ext", "extra", "__proto__", "constructor"), junk), weight: 1 })).map(([o, extra]) =>
    extra === null ? o : Object.defineProperty({ ...(o as object) }, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true }),
  );
}

const BASE64 = ["base64:", "base64:iVBORw0KGgo=", "base64:AA==", "base64:AAA=", "base64:iVBORw0KGgo", "base64:ab-_", "base64:A===", "base64:...", "iVBORw0KGgo=", "BASE64:AA=="];
const URLS = ["https://example.com/resource.pdf", "/resource.pdf", "resource.pdf", "urn:isbn:123", "https://exa mple.com", "mailto:a@b.co"];

const TEXT = ["text/plain", "TEXT/HTML; charset=utf-8", "text/"];
const JSON_TYPES = ["application/json", "Application/JSON", "application/json;x=1"];
const BINARY = ["image/png", "image/", "audio/wav", "video/mp4", "application/pdf", "application/octet-stream"];
const URL_TYPES = ["url/reference", "URL/Reference"];
const OTHER = ["custom.type", ""];

const anyData: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom(...BASE64), fc.constantFrom(...URLS), junk, fc.constant({ key: "v" }));

/** A type and data that usually suit each other (each list holds near misses too), sometimes anything. */
const typeAndData: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(fc.constantFrom(...TEXT), fc.oneof(fc.string({ maxLength: 8 }), anyData)),
  fc.tuple(fc.constantFrom(...JSON_TYPES), anyData),
  fc.tuple(fc.constantFrom(...BINARY), fc.oneof(fc.constantFrom(...BASE64), anyData)),
  fc.tuple(fc.constantFrom(...URL_TYPES), fc.oneof(fc.constantFrom(...URLS), anyData)),
  fc.tuple(fc.constantFrom(...OTHER), anyData),
);

export const artifact = fc
  .tuple(obj({ id: field(str), name: field(str), description: field(str) }, ["id"]), typeAndData, fc.nat(19))
  .map(([o, [type, data], n]) => {
    const out = { ...(o as object) } as Record<string, unknown>;
    // One in twenty misses its type or its data; one in twenty has a type of the wrong kind.
    if (n !== 0) out.data = data;
    if (n !== 1) out.type = n === 2 ? 7 : type;
    return out;
  });

export const session = obj(
  { id: field(str), created_at: field(timestamp), updated_at: field(timestamp), status: field(choice(["active", "completed", "error"], ["paused", "Active"])), metadata },
  ["id", "created_at", "status"],
);

const role = choice(["user", "agent", "system"], ["assistant", "User"]);
const artifacts = field(fc.array(artifact, { maxLength: 3 }));

export const message = obj(
  { id: field(str), role: field(role), content: field(str), created_at: field(timestamp), in_reply_to: field(str), metadata, artifacts },
  ["id", "role", "content", "created_at"],
);

const uri = choice(["https://agent.example.com/a2a", "http://localhost:8080", "ftp://x.example/y"], ["/relative", "not a uri", "https://a.example/%zz"]);
const email = choice(["support@example.com", "a.b+c@sub.example.org"], ["support@", "@example.com", "a@b", "a..b@example.com", "x@-bad.example.com"]);

export const agentCard = obj(
  {
    name: field(str),
    description: field(str),
    version: field(str),
    api: field(obj({ type: field(choice(["a2a"], ["A2A", "rest"])), url: field(uri), version: field(str) }, ["type", "url"])),
    auth: field(obj({ type: field(choice(["none", "api_key", "oauth", "jwt", "custom"], ["basic"])), instructions: field(str) }, [])),
    capabilities: field(fc.array(obj({ type: field(str), description: field(str), parameters: metadata }, ["type", "description"]), { maxLength: 2 })),
    contact: field(obj({ name: field(str), url: field(uri), email: field(email) }, [])),
    pricing: field(obj({ model: field(choice(["free", "pay_per_request", "subscription", "custom"], ["freemium"])), details: field(str) }, [])),
  },
  ["name", "description", "version", "api", "auth"],
);

export const createSessionRequest = obj({ metadata }, []);
export const createSessionResponse = obj({ session: field(session) }, ["session"]);
export const sendMessageRequest = obj(
  { role: field(role), content: field(str), in_reply_to: field(str), metadata, artifacts },
  ["role", "content"],
);
export const sendMessageResponse = obj({ message: field(message) }, ["message"]);
export const getSessionMessagesResponse = obj(
  {
    messages: field(fc.array(message, { maxLength: 3 })),
    pagination: field(obj({ next_cursor: field(str), prev_cursor: field(str) }, [])),
  },
  ["messages"],
);
export const errorResponse = obj(
  { error: field(obj({ code: field(str), message: field(str), details: metadata }, ["code", "message"])) },
  ["error"],
);

export const ARBITRARIES = {
  AgentCard: agentCard,
  Session: session,
  Message: message,
  Artifact: artifact,
  CreateSessionRequest: createSessionRequest,
  CreateSessionResponse: createSessionResponse,
  SendMessageRequest: sendMessageRequest,
  SendMessageResponse: sendMessageResponse,
  GetSessionMessagesResponse: getSessionMessagesResponse,
  ErrorResponse: errorResponse,
} as const;
