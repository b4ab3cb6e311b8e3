/**
 * Agent cards that use the "Input/output schemas" extension. Loaded
 * only for such a card: it is the one family that compiles schemas at run time.
 */
import { declaresObjectSchemas } from "../../extensions/object-schemas/declaration.js";
import { lazy, LIKELY, POSSIBLE, type Family } from "../registry.js";

const impl = lazy(() => import("../../extensions/object-schemas/index.js"));

const TYPE = "ObjectSchemasCard";

export const objectSchemas: Family = {
  name: "object-schemas",
  types: [{ name: TYPE, note: "a v1 AgentCard that declares the input/output-schemas extension" }],
  modes: [],
  prepare: impl.load,
  get ready() {
    return impl.get() !== undefined;
  },
  // A card with the root `schemas` key is this family's (v1 does not know the key); without it, v1's AgentCard fits better.
  // Not a discriminator: a folder named after a v1 type still decides.
  detect: (value) =>
    !Array.isArray(value) && declaresObjectSchemas(value)
      ? { types: [TYPE], strength: Object.prototype.hasOwnProperty.call(value, "schemas") ? LIKELY : POSSIBLE, score: Object.keys(value).length + 1 }
      : undefined,
  // Besides the keys, detect() reads whether capabilities.extensions lists the extension.
  detectionInputs: (value) => (declaresObjectSchemas(value) ? "declares" : ""),
  resolveType: (name) => (name.toLowerCase() === TYPE.toLowerCase() ? TYPE : undefined),
  // The extension's rules, as validateObjectSchemasCard checks them by default; the rest of the card is
  // v1's AgentCard (`--family v1 --mode lenient` checks it while ignoring the root `schemas` key).
  validate(type, value) {
    const r = impl.get()!.validateObjectSchemasCard(value);
    return { type, issues: r.ok ? (r.warnings ?? []) : r.issues };
  },
  // The card's own schema is v1's AgentCard; the extension adds the root `schemas` map.
  schema: async () => undefined,
};
