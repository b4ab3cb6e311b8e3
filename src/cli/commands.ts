/** The `list` and `schema` subcommands. */
import { visible } from "./escape.js";
import { FAMILIES, loadFamilies, loadFamily } from "./registry.js";
import type { OutStream } from "./output.js";

export async function listCommand(family: string | undefined, json: boolean, stdout: OutStream): Promise<number> {
  const entries = FAMILIES.filter((f) => family === undefined || f.name === family);
  const loaded = await loadFamilies(entries.map((e) => e.name));
  if (json) {
    const families = entries.map((e, i) => ({ name: e.name, summary: e.summary, modes: loaded[i]!.modes, types: loaded[i]!.types }));
    stdout.write(JSON.stringify({ families }, null, 2) + "\n");
    return 0;
  }
  let text = "";
  entries.forEach((e, i) => {
    const types = loaded[i]!.types;
    const width = Math.max(...types.map((t) => t.name.length)) + 2;
    text += `${i === 0 ? "" : "\n"}${e.name}: ${e.summary} (${types.length} types)\n`;
    for (const t of types) text += `  ${t.note ? t.name.padEnd(width) + t.note : t.name}\n`;
  });
  stdout.write(text);
  return 0;
}

export async function schemaCommand(family: string, type: string, mode: "strict" | "lenient", stdout: OutStream, stderr: OutStream): Promise<number> {
  const f = await loadFamily(family)!;
  const canonical = f.resolveType(type);
  const schema = canonical === undefined ? undefined : await f.schema(canonical, mode);
  if (schema === undefined) {
    const why = canonical === undefined ? `there is no type "${type}" in family ${family}` : `${canonical} has no JSON Schema of its own`;
    stderr.write(`a2a-validate: ${visible(why)}; \`a2a-validate list\` shows the types\n`);
    return 2;
  }
  stdout.write(JSON.stringify(schema, null, 2) + "\n");
  return 0;
}
