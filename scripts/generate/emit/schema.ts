/** What the emitters share: schema lookup, the shapes they recognise, documentation. */
export type Json = Record<string, any>;

/** Every schema of a family (or of one mode of it) by `$id`. */
export interface SchemaSet {
  readonly schemas: ReadonlyMap<string, Json>;
}

/** Resolves `ref` (`file#/pointer`, `#/pointer` or `file`) against `base`. */
export function resolveRef(set: SchemaSet, base: string, ref: string): { id: string; pointer: string; schema: Json | boolean } {
  const [file, frag = ""] = ref.split("#");
  const id = file ? new URL(file, base).href : base;
  let node: any = set.schemas.get(id);
  if (node === undefined) throw new Error(`unresolved $ref ${ref} from ${base}`);
  for (const seg of frag.split("/").filter(Boolean)) {
    node = node[decodeURIComponent(seg).replace(/~1/g, "/").replace(/~0/g, "~")];
    if (node === undefined) throw new Error(`unresolved $ref ${ref} from ${base}`);
  }
  return { id, pointer: frag, schema: node };
}

/**
 * The members of a oneof by presence, as the v1 bundles write a proto oneof: `oneOf` (on the
 * schema, or in its one `allOf` clause that is not a conditional) of branches that each only
 * require one declared property. Undefined for any other schema.
 */
export function oneofBranches(s: Json): string[] | undefined {
  const clauses = ((s.allOf ?? []) as Json[]).filter((c) => c.if === undefined);
  const holders = [s, ...clauses].filter((c) => Array.isArray(c.oneOf));
  if (holders.length === 0) return undefined;
  const branches = holders[0]!.oneOf as Json[];
  const members = branches.map((b) => {
    const keys = Object.keys(b).filter((k) => k !== "properties");
    if (keys.join() !== "required" || !Array.isArray(b.required) || b.required.length !== 1) return undefined;
    return b.required[0] as string;
  });
  if (members.some((m) => m === undefined || s.properties?.[m] === undefined)) return undefined;
  if (holders.length > 1 || clauses.some((c) => c.oneOf === undefined)) throw new Error(`${s.title ?? "a schema"}: several oneofs, or an allOf clause that is neither a oneof nor a conditional`);
  return members as string[];
}

/** A JSDoc block (one line, or one line per line of `text`); empty for no text. */
export function jsdoc(text: unknown, indent: string): string {
  if (typeof text !== "string" || text.trim() === "") return "";
  const lines = text.replace(/\*\//g, "* /").split("\n").map((l) => l.trim());
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join("\n")}\n${indent} */\n`;
}

/** "a" or "an" before a type name. */
export function article(name: string): string {
  return /^[AEIOU]/.test(name) ? "an" : "a";
}
