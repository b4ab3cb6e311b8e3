/**
 * Session family: request and response bodies in the default mode (unknown
 * properties tolerated). The JSON Schema peers are given the package's own
 * artifact rule (data must suit type), which no schema can state.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { built } from "./dist.js";
import { readSchemas, root, sessionAjv } from "./peers/ajv.js";
import { compileTypeBox, SchemaSet, Unsupported } from "./peers/typebox.js";
import { omit, type Contender, type Peer, type Subject } from "./subject.js";

const BASE = "https://cdn.jsdelivr.net/npm/a2a-schemas/schemas/session/";

interface Body {
  readonly name: string;
  readonly file: string;
  readonly fixture: string;
  /** The artifact lists the rule applies to. */
  readonly artifacts: (x: any) => unknown[][];
  readonly variants: (x: any) => Record<string, unknown>;
}

const list = (v: unknown): unknown[][] => (Array.isArray(v) ? [v] : []);

const BODIES: readonly Body[] = [
  {
    name: "SendMessageRequest",
    file: "send-message-request.json",
    fixture: "SendMessageRequest/system-with-artifacts.json",
    artifacts: (x) => list(x?.artifacts),
    variants: (x) => ({
      'role "agent" (only user and system send)': { ...x, role: "agent" },
      "no content": { role: x.role },
      "an image artifact without the base64: prefix (artifact rule)": { ...x, artifacts: [{ id: "a", type: "image/png", data: "iVBORw0KGgo=" }] },
      "a url/reference artifact that is no URL (artifact rule)": { ...x, artifacts: [{ id: "a", type: "url/reference", data: "not a url" }] },
      "metadata an array": { ...x, metadata: [] },
    }),
  },
  {
    name: "SendMessageResponse",
    file: "send-message-response.json",
    fixture: "SendMessageResponse/agent-reply.json",
    artifacts: (x) => list(x?.message?.artifacts),
    variants: (x) => ({
      "created_at on February 30": { message: { ...x.message, created_at: "2025-02-30T15:30:00Z" } },
      "a text artifact whose data is a number (artifact rule)": { message: { ...x.message, artifacts: [{ id: "a", type: "text/plain", data: 1 }] } },
    }),
  },
  {
    name: "GetSessionMessagesResponse",
    file: "get-session-messages-response.json",
    fixture: "GetSessionMessagesResponse/page.json",
    artifacts: (x) => (Array.isArray(x?.messages) ? x.messages.flatMap((m: any) => list(m?.artifacts)) : []),
    variants: (x) => ({
      "a message without id": { ...x, messages: [omit(x.messages[0], "id")] },
      "messages not an array": { ...x, messages: {} },
    }),
  },
  {
    name: "CreateSessionResponse",
    file: "create-session-response.json",
    fixture: "CreateSessionResponse/active.json",
    artifacts: () => [],
    variants: (x) => ({
      'status "paused"': { session: { ...x.session, status: "paused" } },
      "created_at with an offset": { session: { ...x.session, created_at: "2025-12-09T15:30:00+01:00" } },
    }),
  },
];

export async function sessionSubjects(): Promise<Subject[]> {
  const S = await import(built("session/index.js"));
  const Z = await import(built("session/zod.js"));
  const ajv = sessionAjv();
  const set = new SchemaSet(readSchemas("schemas/session"));
  return BODIES.map((b) => {
    const valid = JSON.parse(readFileSync(join(root, "fixtures/session/valid", b.fixture), "utf8"));
    // The package's own artifact rule, for the schema-only peers.
    const ruleHolds = (x: unknown) => b.artifacts(x).every((l) => l.every((a: any) => S.artifactDataProblem(a.type, a.data) === undefined));
    const ruleIssues = (x: unknown) => b.artifacts(x).flatMap((l) => l.map((a: any) => S.artifactDataProblem(a.type, a.data)).filter(Boolean));
    const v = ajv(BASE + b.file);
    // Looked up once: a lookup by a built name in the timed call cost the small bodies up to a third of their time.
    const validate = S[`validate${b.name}`];
    const model = Z[`${b.name}Schema`];
    const absent: Partial<Record<Peer, string>> = { typia: "not written for the session family", handwritten: "legacy request only" };
    const contenders: Contender[] = [
      { peer: "a2a-schemas", call: `validate${b.name}`, run: (x) => validate(x), passed: (r) => r.ok },
      {
        peer: "ajv",
        call: `getSchema(${b.file}) (allErrors on the invalid path), plus the artifact rule`,
        run: (x) => v.first(x) && ruleHolds(x),
        runAll: (x) => (v.all(x) ? ruleHolds(x) || ruleIssues(x) : v.all.errors),
        passed: (r) => r === true,
      },
      { peer: "zod", call: `${b.name}Schema.safeParse (a2a-schemas/session/zod)`, run: (x) => model.safeParse(x), passed: (r) => r.success },
    ];
    try {
      const C = compileTypeBox(set, BASE + b.file, BASE + b.file);
      contenders.push({
        peer: "typebox",
        call: "TypeCompiler.Compile of the JSON Schema as TypeBox types, plus the artifact rule",
        run: (x) => C.Check(x) && ruleHolds(x),
        runAll: (x) => (C.Check(x) ? ruleHolds(x) || ruleIssues(x) : [...C.Errors(x)]),
        passed: (r) => r === true,
      });
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      absent.typebox = `TypeBox cannot take the schema: ${e.message}`;
    }
    return {
      id: `session-${b.name}`,
      title: `session ${b.name}`,
      valid,
      about: `fixtures/session/valid/${b.fixture} (${JSON.stringify(valid).length} bytes)`,
      variants: b.variants(valid),
      contenders,
      absent,
    };
  });
}
