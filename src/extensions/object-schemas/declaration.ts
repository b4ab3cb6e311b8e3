/** Whether a card uses the extension: no Ajv here, so the CLI can detect cards cheaply. */

/** The extension's URI, as seed 004 gives it. */
export const OBJECT_SCHEMAS_EXTENSION_URI = "https://raw.githubusercontent.com/facultyai/a2a-extension-object-schemas/refs/heads/main/v1";

const has = Object.prototype.hasOwnProperty;

function own(o: unknown, key: string): unknown {
  return o !== null && typeof o === "object" && !Array.isArray(o) && has.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

/** True when `capabilities.extensions` lists the extension's URI. */
export function declaresObjectSchemas(card: unknown): boolean {
  const ext = own(own(card, "capabilities"), "extensions");
  return Array.isArray(ext) && ext.some((e) => own(e, "uri") === OBJECT_SCHEMAS_EXTENSION_URI);
}
