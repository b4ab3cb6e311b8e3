/**
 * `npx tsx scripts/real-documents-report.ts`: the table of docs/conformance.md
 * "Real documents", from the sidecars of fixtures/v1/real/: how many documents
 * each verdict has, and every rejection grouped by the first issue lenient
 * mode reports (strict mode's for documents lenient mode accepts), with why.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dirname, "../fixtures/v1/real");
type Issue = { pointer: string; code: string };
type Verdict = "valid" | Issue[];

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".expect.json") ? [join(dir, e.name)] : [],
  );
}

/** Why a group is rejected: keyed by `code pointer-pattern` (array indexes as /N), first match wins. */
const WHY: Array<[RegExp, string]> = [
  [/^required $/, "a REQUIRED field is missing at the top: mostly JSON-RPC requests without `id` (notifications, which A2A never answers), messages without `messageId` or `parts`, cards without `supportedInterfaces`, and pre-release or v0.3 shapes"],
  [/^enum \/method$/, "a method name that is not an A2A v1.0 RPC: negative tests' bogus names, pre-release names (`SetTaskPushNotificationConfig`, singular `ListTaskPushNotificationConfig`) and v0.3 names (`message/send`, hinted)"],
  [/^required \/params$/, "`params` lacks a REQUIRED field of the method's request: mostly AIP-style `name`/`parent` resource names of the pre-release drafts (hinted), and `taskId`/`id` left out"],
  [/^required \/(result\/)?supportedInterfaces\/N$/, "an `AgentInterface` without `protocolVersion` or `protocolBinding` (REQUIRED)"],
  [/^required \/message$/, "a shape-ambiguous `{ message }` document whose message lacks a REQUIRED field, or a SendMessageRequest without one"],
  [/^enum $/, "a JSON-RPC response that is neither `result` nor `error`-shaped as the method requires (negative tests' error bodies with a bogus `code`)"],
  [/^no_match /, "a oneof with several members set (`{ \"text\": \"\", \"data\": {} }`, which a2a-java's tests accept) or none"],
  [/^enum .*(state|role)$/, "an enum value that is not a v1.0 name: `TASK_STATE_CANCELLED` (double L, v0.3 REST), `SUBMITTED`, lowercase v0.3 states and roles (hinted)"],
  [/^(type|unknown_property) \/error\/(data|details)/, "a JSON-RPC error object whose `data` is not an array of `@type` objects (a string, an object, an array of strings) or that carries a `details` member: section 9.5 (lenient mode keeps JSON-RPC 2.0's rules, where `data` is free)"],
  [/^type /, "a value of the wrong JSON type: SDK objects with `null` where a message must be, ids as objects, v0.3 `content` arrays"],
  [/^unknown_property .*(final|blocking|pushNotificationConfig|kind|security)$/, "a field that is not in v1.0: v0.3 `kind` and `final`, pre-release `blocking` and `pushNotificationConfig`, v0.3 card `security` (strict rejects; lenient ignores it with a warning and a hint)"],
  [/^unknown_property /, "a field v1.0 does not define (strict rejects it; lenient ignores it with a warning)"],
  [/^too_short /, "an empty string in a REQUIRED field (`provider.url`, `description`, `protocolVersion`)"],
  [/^too_few_items /, "an empty REQUIRED array (`skills: []`, `parts: []`, `tags: []`), which section 5.7 forbids"],
  [/^const \/jsonrpc$/, "`jsonrpc` is not `\"2.0\"` (negative tests)"],
  [/^required /, "a nested object lacks a REQUIRED field (a push config without `url`, a status without `state`, an event without `taskId` or `contextId`, ...)"],
  [/^format /, "a value in the wrong format: non-Base64 `raw`, a URL that is not absolute, a timestamp with an offset or odd precision in strict mode"],
  [/^too_small |^too_big /, "an integer out of its range (`historyLength` below 0, `pageSize` outside 1 to 100)"],
  [/^not_allowed /, "a field given under both its JSON and proto names, or a value the schema forbids"],
  [/./, "see the document's sidecar"],
];

const why = (key: string) => WHY.find(([re]) => re.test(key))![1];
const pattern = (i: Issue) => `${i.code} ${i.pointer.replace(/\/\d+(?=\/|$)/g, "/N")}`;

const rows = new Map<string, { n: number; example: string }>();
const verdicts = new Map<string, number>();
let total = 0;
for (const f of walk(ROOT)) {
  const s = JSON.parse(readFileSync(f, "utf8")) as { issues?: Issue[]; lenient: Verdict; revisions: Record<string, { strict: Verdict; lenient: Verdict }> };
  const rel = relative(ROOT, f).replace(/\.expect\.json$/, ".json");
  const v03 = rel.split("/").includes("v0.3") ? "v0.3" : "v1";
  total++;
  const r26 = s.revisions["2026-02-17"]!;
  const key = [v03, s.issues ? "invalid" : "valid", s.lenient === "valid" ? "valid" : "invalid", r26.strict === "valid" ? "valid" : "invalid", r26.lenient === "valid" ? "valid" : "invalid"].join(" | ");
  verdicts.set(key, (verdicts.get(key) ?? 0) + 1);
  if (!s.issues) continue;
  const first = s.lenient === "valid" ? s.issues[0]! : s.lenient[0]!;
  const k = (s.lenient === "valid" ? "strict only: " : "") + pattern(first);
  const row = rows.get(k) ?? { n: 0, example: rel };
  row.n++;
  rows.set(k, row);
}

const out: string[] = [];
out.push(`${total} documents. Verdicts (1.0 strict, 1.0 lenient, 2026-02-17 strict, 2026-02-17 lenient):`, "");
out.push("| documents | 1.0 strict | 1.0 lenient | 2026-02-17 strict | 2026-02-17 lenient | count |", "| --- | --- | --- | --- | --- | ---: |");
for (const [k, n] of [...verdicts].sort((a, b) => b[1] - a[1])) out.push(`| ${k} | ${n} |`);
out.push("", "Every rejection in A2A v1.0, grouped by its first issue (lenient mode's; \"strict only\" where lenient mode accepts the document):", "");
out.push("| first issue | count | why | example |", "| --- | ---: | --- | --- |");
for (const [k, { n, example }] of [...rows].sort((a, b) => b[1].n - a[1].n)) {
  const bare = k.replace(/^strict only: /, "");
  out.push(`| \`${k}\` | ${n} | ${why(bare)} | \`${example}\` |`);
}
console.log(out.join("\n"));
