/**
 * Hostile input against the budgets of the safety issue: any input up to 1 MB
 * judged in at most 50 ms, failure paths linear (time for 4n at most about 4×
 * time for n, measured side by side in this process), and a 10 MB string in
 * any length-capped field rejected in under 5 ms by the validator and the
 * guard. A script, never a timed test: `npm run bench` (needs dist/).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { built } from "./dist.js";
import { fmt, median } from "./harness.js";

const root = join(import.meta.dirname, "..");
const MB = 1024 * 1024;
const BUDGET_MS = 50;
/** Issue 18: a card of 1,000 schemas answered within 200 ms by the library, 1 s by the CLI (a whole process). */
const CARD_BUDGET_MS = 200;
const CLI_CARD_BUDGET_MS = 1000;
const STRING_BUDGET_MS = 5;

type Fn = (input: unknown) => unknown;

/** Median of `runs` timed calls after one untimed call (the first compiles the error paths). */
function timeMs(fn: Fn, input: unknown, runs = 7): number {
  fn(input);
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn(input);
    t.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(t);
}

interface Scaled {
  readonly name: string;
  readonly fn: Fn;
  /** An input of about `n` repeated hostile units. */
  readonly make: (n: number) => unknown;
  /** Bytes of JSON one unit adds, to size n for 1 MB. */
  readonly unitBytes: number;
  /**
   * Work the engine does whatever the validator does: enumerating an object's
   * own keys grows faster than linearly in V8 once the object is in dictionary
   * mode (about 4.7 to 5.8 for 4n / n at 100,000 keys), and checking
   * `additionalProperties` cannot avoid one enumeration.
   */
  readonly floor?: Fn;
}

const enumerateKeys: Fn = (x) => {
  let c = 0;
  for (const k in x as object) if (k) c++;
  return c;
};

const fixture = (p: string) => JSON.parse(readFileSync(join(root, "fixtures", p), "utf8"));

async function scaledCases(): Promise<Scaled[]> {
  const V1 = await import(built("v1/index.js"));
  const L = await import(built("legacy/index.js"));
  const S = await import(built("session/index.js"));
  const request = fixture("legacy/valid/request/get-price.json");
  const message = (parts: unknown[]) => ({ messageId: "m-1", role: "ROLE_USER", parts });
  const rpc = (parts: unknown[]) => ({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message: message(parts) } });
  const card = fixture("v1/valid/AgentCard/full.json");
  const sessionReq = fixture("session/valid/SendMessageRequest/" + readdirSync(join(root, "fixtures/session/valid/SendMessageRequest"))[0]);
  const many = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  const unknownKeys = (base: object, n: number) => Object.assign({}, base, Object.fromEntries(many(n, (i) => [`x${i}`, 0])));
  return [
    { name: "v1 JSON-RPC SendMessage, n empty parts (strict)", fn: (x) => V1.validateJsonRpcRequest(x), make: (n) => rpc(many(n, () => ({}))), unitBytes: 3 },
    { name: "v1 JSON-RPC SendMessage, n empty parts (lenient)", fn: (x) => V1.validateJsonRpcRequest(x, { mode: "lenient" }), make: (n) => rpc(many(n, () => ({}))), unitBytes: 3 },
    { name: "v1 Message, n parts with two members set (lenient)", fn: (x) => V1.validate("Message", x, { mode: "lenient" }), make: (n) => message(many(n, () => ({ text: "a", url: "b" }))), unitBytes: 24 },
    { name: "v1 Message, n v0.3 parts (strict, hints)", fn: (x) => V1.validateMessage(x), make: (n) => message(many(n, () => ({ kind: "text", text: "a" }))), unitBytes: 27 },
    { name: "v1 AgentCard, n skills missing every field", fn: (x) => V1.validateAgentCard(x), make: (n) => ({ ...card, skills: many(n, () => ({})) }), unitBytes: 3 },
    { name: "v1 Task, n unknown keys (strict)", fn: (x) => V1.validateTask(x), make: (n) => unknownKeys(fixture("v1/valid/Task/completed.json"), n), unitBytes: 9, floor: enumerateKeys },
    { name: "legacy RequestMessage, n unknown keys", fn: (x) => L.validateRequestMessage(x), make: (n) => unknownKeys(request, n), unitBytes: 9, floor: enumerateKeys },
    { name: "legacy validateMessage, n invalid agents", fn: (x) => L.validateMessage(x), make: (n) => ({ ...fixture("legacy/valid/agent_announcement/" + readdirSync(join(root, "fixtures/legacy/valid/agent_announcement"))[0]), payload: { agents: many(n, () => ({})), total_count: n, query_time_ms: 1 } }), unitBytes: 3 },
    { name: "session SendMessageRequest, n invalid artifacts", fn: (x) => S.validateSendMessageRequest(x), make: (n) => ({ ...sessionReq, artifacts: many(n, () => ({ type: 1 })) }), unitBytes: 11 },
    { name: "session SendMessageRequest, n unknown keys (strict)", fn: (x) => S.validateSendMessageRequest(x, { mode: "strict" }), make: (n) => unknownKeys(sessionReq, n), unitBytes: 9, floor: enumerateKeys },
  ];
}

/**
 * Issue 18, findings 1 and 2: a remote schema judging remote data, the schema
 * compiled beforehand (compiling is finding 3's, below). Each shape is one the
 * audit timed in seconds; n grows the data, the schema stays.
 */
export async function remoteSchemaCases(): Promise<Scaled[]> {
  const X = await import(built("extensions/object-schemas/index.js"));
  const many = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  const judge = (schema: unknown): Fn => {
    const card = { capabilities: { extensions: [{ uri: X.OBJECT_SCHEMAS_EXTENSION_URI }] }, schemas: { s: schema } };
    const cache = new X.SchemaCache();
    cache.compile(schema);
    return (data) => X.resolveStructuredInput(card, { role: "user", parts: [{ kind: "data", data, metadata: { mimeType: "application/json;schema=s" } }] }, { hasTask: false, cache });
  };
  // uniqueItems data is at most 2,000 items: those grow by their size.
  const items = (n: number, f: (i: number, size: number) => unknown) => many(2000, (i) => f(i, Math.max(1, Math.floor(n / 2000))));
  const tenProps = { type: "array", items: { type: "object", required: ["p0"], properties: Object.fromEntries(many(10, (k) => [`p${k}`, { type: "string", maxLength: 50 }])) } };
  return [
    { name: "object-schemas: `{}` on n numbers (the data walks alone)", fn: judge({}), make: (n) => many(n, () => 0), unitBytes: 2 },
    { name: "object-schemas: items {anyOf: 1,601 consts} on n numbers", fn: judge({ items: { anyOf: many(1601, (i) => ({ const: i })) } }), make: (n) => many(n, () => -1), unitBytes: 3 },
    { name: "object-schemas: items {enum: 4,991 numbers} on n numbers", fn: judge({ items: { enum: many(4991, (i) => i) } }), make: (n) => many(n, () => -1), unitBytes: 3 },
    { name: "object-schemas: anyOf of 1,000 maxLength on a string of n characters", fn: judge({ anyOf: many(1000, (i) => ({ maxLength: i })) }), make: (n) => "a".repeat(n), unitBytes: 1 },
    { name: "object-schemas: 200 patternProperties on an object of n keys", fn: judge({ patternProperties: Object.fromEntries(many(200, (i) => [`^x${i}y$`, { type: "string" }])) }), make: (n) => Object.fromEntries(many(n, (k) => [`key${k}abc`, 1])), unitBytes: 14, floor: enumerateKeys },
    { name: "object-schemas: uniqueItems, 2,000 objects of n / 2,000 keys", fn: judge({ uniqueItems: true }), make: (n) => items(n, (i, size) => Object.fromEntries(many(size, (k) => [`key${k}`, k === size - 1 ? i : k]))), unitBytes: 9 },
    { name: "object-schemas: uniqueItems, 2,000 arrays of n / 2,000 numbers differing in element 0", fn: judge({ uniqueItems: true }), make: (n) => items(n, (i, size) => many(size, (k) => (k === 0 ? i : k % 10))), unitBytes: 2 },
    { name: "object-schemas: a 10-property item schema on n / 10 objects (valid)", fn: judge(tenProps), make: (n) => many(Math.floor(n / 10), () => Object.fromEntries(many(10, (k) => [`p${k}`, "hello"]))), unitBytes: 13 },
  ];
}

/** Finding 3: cards of many schemas, through the library (a fresh cache each call: every schema compiles) and through the CLI. */
export async function cardCompileRows(): Promise<{ lines: string[]; failures: number }> {
  const X = await import(built("extensions/object-schemas/index.js"));
  const many = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  const card = (n: number, f: (i: number) => unknown) => ({
    name: "many schemas",
    capabilities: { extensions: [{ uri: X.OBJECT_SCHEMAS_EXTENSION_URI }] },
    schemas: Object.fromEntries(many(n, (i) => [`s${i}`, f(i)])),
  });
  const cards: Array<[string, object]> = [
    ["1,000 schemas `{const: i}` (over the 100 per card)", card(1000, (i) => ({ const: i }))],
    ["100 schemas `{const: i}`", card(100, (i) => ({ const: i }))],
    ["100 schemas of 5 properties each", card(100, (i) => ({ type: "object", properties: Object.fromEntries(many(5, (k) => [`p${k}`, { type: "string", maxLength: i + 1 }])), required: ["p0"] }))],
  ];
  const dir = join(root, "bench/.tmp/cards");
  mkdirSync(dir, { recursive: true });
  const lines = ["| card | bytes | verdict | library ms | CLI ms (whole process) | within budget |", "| --- | ---: | --- | ---: | ---: | --- |"];
  let failures = 0;
  for (const [i, [name, c]] of cards.entries()) {
    const text = JSON.stringify(c);
    const file = join(dir, `card-${i}.json`);
    writeFileSync(file, text);
    const r = X.validateObjectSchemasCard(c, { cache: new X.SchemaCache() }) as { ok: boolean; issues?: Array<{ code: string }> };
    const lib = timeMs(() => X.validateObjectSchemasCard(c, { cache: new X.SchemaCache() }), undefined, 5);
    const cli: number[] = [];
    for (let k = 0; k < 3; k++) {
      const t0 = process.hrtime.bigint();
      spawnSync(process.execPath, [built("cli/bin.js"), file], { stdio: "ignore" });
      cli.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    const cliMs = median(cli);
    const ok = lib <= CARD_BUDGET_MS && cliMs <= CLI_CARD_BUDGET_MS;
    if (!ok) failures++;
    const verdict = r.ok ? "valid" : `refused (${[...new Set(r.issues!.map((x) => x.code))].join(", ")})`;
    lines.push(`| ${name} | ${text.length} | ${verdict} | ${fmt(lib)} | ${fmt(cliMs)} | ${ok ? "yes" : "**no**"} |`);
  }
  return { lines, failures };
}

/** Every string leaf of `doc`, as paths. */
function stringPaths(doc: unknown, path: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  if (typeof doc === "string") out.push(path);
  else if (Array.isArray(doc)) doc.forEach((v, i) => stringPaths(v, [...path, i], out));
  else if (doc !== null && typeof doc === "object") for (const [k, v] of Object.entries(doc)) stringPaths(v, [...path, k], out);
  return out;
}

function withValue(doc: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(doc)) return doc.map((v, i) => (i === head ? withValue(v, rest, value) : v));
  const o = doc as Record<string, unknown>;
  return { ...o, [head!]: withValue(o[head as string], rest, value) };
}

interface StringCase {
  readonly family: string;
  readonly type: string;
  readonly validate: Fn;
  readonly guard: Fn;
  readonly doc: unknown;
}

async function stringCases(): Promise<StringCase[]> {
  const out: StringCase[] = [];
  const families: Array<[string, string, (type: string) => [Fn, Fn] | undefined]> = [];
  const L = await import(built("legacy/index.js"));
  const V1 = await import(built("v1/index.js"));
  const S = await import(built("session/index.js"));
  const legacyName: Record<string, string> = {};
  for (const t of readdirSync(join(root, "fixtures/legacy/valid"))) legacyName[t] = t.split("_").map((w) => w[0]!.toUpperCase() + w.slice(1)).join("") + "Message";
  families.push(["legacy", "legacy/valid", (t) => (L[`validate${legacyName[t]}`] ? [L[`validate${legacyName[t]}`], L[`is${legacyName[t]}`]] : undefined)]);
  families.push(["v1", "v1/valid", (t) => (V1[`validate${t}`] ? [V1[`validate${t}`], V1[`is${t}`] ?? ((x: unknown) => V1[`validate${t}`].check(x))] : undefined)]);
  families.push(["session", "session/valid", (t) => (S[`validate${t}`] ? [S[`validate${t}`], S[`is${t}`] ?? ((x: unknown) => S[`validate${t}`](x).ok)] : undefined)]);
  for (const [family, dir, pick] of families) {
    for (const type of readdirSync(join(root, "fixtures", dir))) {
      if (!statSync(join(root, "fixtures", dir, type)).isDirectory()) continue;
      const fns = pick(type);
      if (!fns) continue;
      const file = readdirSync(join(root, "fixtures", dir, type)).filter((f) => f.endsWith(".json")).sort()[0];
      if (!file) continue;
      out.push({ family, type, validate: fns[0], guard: fns[1], doc: fixture(join(dir, type, file)) });
    }
  }
  return out;
}

export async function benchHostile(): Promise<string> {
  const lines: string[] = ["## Hostile input", ""];
  lines.push(`Budgets: an input of about 1 MB judged in at most ${BUDGET_MS} ms; time(4n) / time(n) at most about 4 (linear); a 10 MB string in a length-capped field rejected in under ${STRING_BUDGET_MS} ms.`);
  lines.push("Each time is the median of 7 calls after one warm-up call; n is sized so that the 4n input is about 1 MB of JSON.");
  lines.push(
    "Where the input is one object with n keys, the engine's own key enumeration (a bare `for...in` over the same objects, timed in the same rounds) grows faster than linearly; its 4n / n is shown, and the validator's ratio is within budget when it is at most 4.5 or at most 1.1 × that floor.",
    "",
  );
  lines.push("| input | bytes (4n) | JSON.parse of it, ms | ms (n) | ms (4n) | 4n / n | engine floor 4n / n | within budget |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  let failures = 0;
  for (const c of [...(await scaledCases()), ...(await remoteSchemaCases())]) {
    // Size n from the real bytes a unit adds, so the 4n input is 1 MiB at most.
    const unit = (JSON.stringify(c.make(2000)).length - JSON.stringify(c.make(1000)).length) / 1000;
    const guess = Math.floor((MB - JSON.stringify(c.make(0)).length) / Math.max(unit, c.unitBytes));
    const n4 = Math.floor((guess * MB) / Math.max(MB, JSON.stringify(c.make(guess)).length));
    const n = Math.floor(n4 / 4);
    const small = c.make(n);
    const big = c.make(n4);
    const bytes = JSON.stringify(big).length;
    // Interleave the two sizes so both see the same machine load.
    const ts: number[] = [];
    const tb: number[] = [];
    const fs: number[] = [];
    const fb: number[] = [];
    for (let r = 0; r < 3; r++) {
      ts.push(timeMs(c.fn, small, 3));
      tb.push(timeMs(c.fn, big, 3));
      if (c.floor) {
        fs.push(timeMs(c.floor, small, 3));
        fb.push(timeMs(c.floor, big, 3));
      }
    }
    const a = median(ts);
    const b = median(tb);
    const floor = c.floor ? median(fb) / median(fs) : undefined;
    const text = JSON.stringify(big);
    const parse = timeMs(() => JSON.parse(text), undefined, 5);
    const ok = b <= BUDGET_MS && (b / a <= 4.5 || (floor !== undefined && b / a <= 1.1 * floor));
    if (!ok) failures++;
    lines.push(`| ${c.name} | ${bytes} | ${fmt(parse)} | ${fmt(a)} | ${fmt(b)} | ${fmt(b / a)} | ${floor === undefined ? "" : fmt(floor)} | ${ok ? "yes" : "**no**"} |`);
  }

  lines.push("", "### Compiling a card's schemas (object-schemas extension)", "");
  lines.push(`Budget: a card of 1,000 schemas answered within ${CARD_BUDGET_MS} ms by \`validateObjectSchemasCard\` (a fresh cache per call, so every schema compiles; median of 7 calls), and within ${CLI_CARD_BUDGET_MS} ms by \`node dist/cli/bin.js card.json\` (a whole process, start-up included; median of 3).`, "");
  const compiled = await cardCompileRows();
  lines.push(...compiled.lines);
  failures += compiled.failures;

  lines.push("", "### 10 MB strings in every string field of one valid fixture per type", "");
  lines.push("Each string of the fixture is replaced in turn by 10 MB of ASCII and by 10 MB of astral characters (5 M emoji); the slowest field per type is shown. Fields whose cap is above 10 MB (v1 `Part.raw`) or that have no cap accept such a string, and are listed with the verdict.", "");
  lines.push("| family | type | fields | slowest field | validator ms | guard ms | rejected | within budget |", "| --- | --- | ---: | --- | ---: | ---: | --- | --- |");
  const ascii = "a".repeat(10_000_000);
  const astral = "\u{1F600}".repeat(5_000_000);
  for (const c of await stringCases()) {
    let worst = { field: "", v: 0, g: 0, rejected: true };
    const paths = stringPaths(c.doc);
    for (const p of paths) {
      for (const s of [ascii, astral]) {
        const doc = withValue(c.doc, p, s);
        const v = timeMs(c.validate, doc, 3);
        const g = timeMs(c.guard, doc, 3);
        const r = c.validate(doc) as { ok: boolean };
        if (Math.max(v, g) > Math.max(worst.v, worst.g)) worst = { field: "/" + p.join("/"), v, g, rejected: !r.ok };
      }
    }
    if (paths.length === 0) continue;
    const ok = !worst.rejected || Math.max(worst.v, worst.g) < STRING_BUDGET_MS;
    if (!ok) failures++;
    lines.push(`| ${c.family} | ${c.type} | ${paths.length} | \`${worst.field}\` | ${fmt(worst.v)} | ${fmt(worst.g)} | ${worst.rejected ? "yes" : "no (allowed)"} | ${ok ? "yes" : "**no**"} |`);
  }
  lines.push("", failures === 0 ? "Every hostile input is within its budget." : `**${failures} input(s) over budget.**`, "");
  return lines.join("\n");
}
