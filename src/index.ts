/**
 * `a2a-schemas`: the core types plus every family as a namespace. Import a
 * family's own entry (`a2a-schemas/legacy`) to load only that family.
 */
export * from "./core/index.js";
export * as legacy from "./legacy/index.js";
export * as session from "./session/index.js";
export * as v1 from "./v1/index.js";
