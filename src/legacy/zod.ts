/**
 * `a2a-schemas/legacy/zod`: Zod v4 models of schemas/legacy/*.json, generated
 * from the same schemas as the validators (scripts/generate), with the same
 * rules in code. Agreement with the validators is proven by
 * test/legacy/parity.test.ts (fixtures + generated input) and
 * test/legacy/types.test-d.ts (inferred types).
 */
export * from "../generated/legacy/zod.js";

/** Maps a Zod error of these models to the library's issues (codes, messages and hints as the validators give them): `issuesFromZod(r.error, input)`. */
export { legacyIssuesFromZod as issuesFromZod } from "./zod-issues.js";
