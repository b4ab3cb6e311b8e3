/**
 * `a2a-schemas/v1/zod`: one Zod model per v1 message and enum (`TaskSchema`,
 * `RoleSchema`, ...), mirroring strict mode. Needs zod 4 as a peer dependency.
 */
export * from "../generated/v1/zod.js";

/** Maps a Zod error of these models to the library's issues (codes, messages and hints as the validators give them): `issuesFromZod(r.error, input, "Task")`. */
export { v1IssuesFromZod10 as issuesFromZod } from "./zod-issues.js";
