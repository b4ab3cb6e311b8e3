/** Whether a card uses the extension: no Ajv here, so the CLI can detect cards cheaply. */

/** The URI of the "Input/output schemas" extension, which identifies it in `capabilities.extensions`. */
export const OBJECT_SCHEMAS_EXTENSION_URI = "https://raw.githubusercontent.com/facultyai/a2a-extension-object-schemas/refs/heads/main/v1";

const has = Object.prototype.hasOwnProperty;

function own(o: unknown, key: string): unknown {
  return o !== null && typeof o === "object" && !Array.isArray(o) && has.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

/** As {@link declaresObjectSchemas}, but a card that cannot be read throws: the validators report that as such. */
export function declaresOrThrows(card: unknown): boolean {
  const ext = own(own(card, "capabilities"), "extensions");
  return Array.isArray(ext) && ext.some((e) => own(e, "uri") === OBJECT_SCHEMAS_EXTENSION_URI);
}

/** True when `capabilities.extensions` lists the extension's URI. Never throws: a card that cannot be read does not declare it. */
export function declaresObjectSchemas(card: unknown): boolean {
  try {
    return declaresOrThrows(card);
  } catch {
    return false;
  }
}
