/**
 * The root entry's `legacy` namespace. A module of its own so that the namespace
 * object is built in the root entry's code, not in the chunk the
 * `a2a-schemas/legacy` entry shares with it, where it would keep every export of
 * that entry alive in an application's bundle.
 */
export * from "../legacy/index.js";
