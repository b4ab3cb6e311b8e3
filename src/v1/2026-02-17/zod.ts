/**
 * `a2a-schemas/v1/2026-02-17/zod`: one Zod model per message and enum of
 * revision 2026-02-17 (`TaskSchema`, `PushNotificationConfigSchema`, ...),
 * mirroring its strict mode. Needs zod 4 as a peer dependency.
 */
export * from "../../generated/v1/2026-02-17/zod.js";

/** Maps a Zod error of these models to the library's issues (codes, messages and hints as the validators give them): `issuesFromZod(r.error, input, "Task")`. */
export { v1IssuesFromZod2026 as issuesFromZod } from "../zod-issues.js";
