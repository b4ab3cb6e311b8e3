/**
 * `a2a-schemas/v0.3/zod`: Zod models of the A2A v0.3.0 definitions, generated from the same
 * schemas as the validators: `<Type>Schema` is the default mode (unknown properties kept),
 * `Strict<Type>Schema` the strict mode. Needs zod 4 as a peer dependency.
 */
export * from "../generated/v0.3/zod.js";

/** Maps a Zod error of these models (either mode) to the library's issues (codes and messages as the validators give them): `issuesFromZod(r.error, input)`. */
export { v03IssuesFromZod as issuesFromZod } from "./zod-issues.js";
