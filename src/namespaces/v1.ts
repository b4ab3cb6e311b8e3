/**
 * The root entry's `v1` namespace. A module of its own so that the namespace
 * object is built in the root entry's code, not in the chunk the
 * `a2a-schemas/v1` entry shares with it, where it would keep every export of
 * that entry alive in an application's bundle.
 */
export * from "../v1/index.js";
