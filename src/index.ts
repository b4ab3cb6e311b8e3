/**
 * `a2a-schemas`: the core types plus every family as a namespace. Import a
 * family's own entry (`a2a-schemas/legacy`) to load only that family.
 */
export * from "./core/index.js";
export * as legacy from "./legacy/index.js";
