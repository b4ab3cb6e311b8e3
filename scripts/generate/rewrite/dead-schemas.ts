/**
 * Ajv standalone writes a `const schemaN = {...}` for each schema it compiled,
 * for error parameters and verbose errors. Without messages and (in the
 * first-error module) without error objects, most are never read; they cost
 * start-up (the engine parses and builds them at import) and bundle size.
 * Drop every one the code does not mention again.
 */
const DECL = /^const (schema\d+) = .*;\n/gm;

export function dropDeadSchemas(code: string): string {
  const uses = new Map<string, number>();
  for (const m of code.matchAll(/\bschema\d+\b/g)) uses.set(m[0], (uses.get(m[0]) ?? 0) + 1);
  return code.replace(DECL, (line, name: string) => (uses.get(name) === 1 ? "" : line));
}
