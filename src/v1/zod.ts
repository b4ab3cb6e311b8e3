/**
 * `a2a-schemas/v1/zod`: one Zod model per v1 message and enum (`TaskSchema`,
 * `RoleSchema`, ...), mirroring strict mode. Needs zod 4 as a peer dependency.
 */
export * from "../generated/v1/zod.js";
