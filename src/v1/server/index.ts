/**
 * `a2a-schemas/v1/server`: the front door of an A2A v1.0 agent (src/server/). A re-export file, so
 * the room can move without changing the import path users wrote.
 */
export * from "../../server/index.js";
