/**
 * Docs as tests: every export of every public entry carries a JSDoc comment with text, and so does
 * every type field. Reads the built declarations (dist/**\/*.d.ts of each entry in package.json
 * "exports", except ./schemas/* and ./package.json) with the TypeScript compiler API, the way an
 * editor does for a consumer: an export is resolved through its re-exports (aliases) to the
 * declaration that carries the doc, namespaces (the root entry's `export * as v1`) are walked member
 * by member, and each property of an exported interface, or of an object type literal in an exported
 * type alias or interface, must be documented too. Runs after the build (A2A_TEST_BUILT=1), like the
 * binary tests. No exceptions: a missing comment is fixed at its source (src/**, or the generator
 * under scripts/generate/ and the schema descriptions for generated code).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const wanted = process.env.A2A_TEST_BUILT === "1";

interface ExportTarget {
  readonly types?: string;
}

/** The ESM declaration file of each public entry, by subpath. */
function entries(): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    exports: Record<string, string | { import?: ExportTarget }>;
  };
  const out = new Map<string, string>();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (subpath === "./package.json" || subpath.includes("*")) continue;
    if (typeof target === "string") continue;
    const types = target.import?.types;
    if (types !== undefined) out.set(subpath, join(root, types));
  }
  return out;
}

/** Text of a symbol's JSDoc comment, trimmed. */
function docText(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
}

/**
 * The declaration an export stands for: through aliases (`export { a as b }`, `export *`), and through
 * the re-exports the declaration bundler writes into the root entry's namespaces, `type ns_X = X;` and
 * `declare const ns_X: typeof X;`, to the declaration of `X` (which carries the doc).
 */
function resolve(symbol: ts.Symbol, checker: ts.TypeChecker): ts.Symbol {
  let current = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  for (let hops = 0; hops < 8 && docText(current, checker) === ""; hops++) {
    const target = (current.declarations ?? []).map(bundlerTarget).find((t) => t !== undefined);
    const next = target && checker.getSymbolAtLocation(target);
    if (next === undefined) break;
    current = next.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(next) : next;
  }
  return current;
}

/** `X` of `type ns_X<A, B> = X<A, B>;` (the same parameters, in order) or `declare const ns_X: typeof X;`. */
function bundlerTarget(decl: ts.Declaration): ts.Node | undefined {
  if (ts.isTypeAliasDeclaration(decl) && ts.isTypeReferenceNode(decl.type)) {
    const params = (decl.typeParameters ?? []).map((p) => p.name.text);
    const args = (decl.type.typeArguments ?? []).map((a) => (ts.isTypeReferenceNode(a) ? a.typeName.getText() : "\0"));
    return params.length === args.length && params.every((p, i) => p === args[i]) ? decl.type.typeName : undefined;
  }
  if (ts.isVariableDeclaration(decl) && decl.type && ts.isTypeQueryNode(decl.type) && !decl.type.typeArguments) return decl.type.exprName;
  return undefined;
}

function isNamespace(symbol: ts.Symbol): boolean {
  return (symbol.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) !== 0;
}

/** A namespace that stands for a whole module (`export * as v1`), made by the declaration bundler. */
function isModuleNamespace(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some(
    (d) => ts.isSourceFile(d) || (ts.isModuleDeclaration(d) && (d.body === undefined || isExportListOnly(d))),
  );
}

/** `declare namespace x { export { a, b } }`: the bundler's form of a module namespace. */
function isExportListOnly(d: ts.ModuleDeclaration): boolean {
  const body = d.body;
  return body !== undefined && ts.isModuleBlock(body) && body.statements.every((s) => ts.isExportDeclaration(s));
}

/** Utility types whose later type arguments filter the first, rather than describe fields. */
const FILTERS = new Set(["Exclude", "Extract", "Omit", "Pick"]);

/** The undocumented properties of the interfaces and object type literals within one declaration. */
function undocumentedMembers(decl: ts.Declaration, checker: ts.TypeChecker): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node, path: string): void => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
      for (const member of node.members) {
        if (!(ts.isPropertySignature(member) || ts.isMethodSignature(member))) continue;
        const name = member.name.getText();
        const symbol = checker.getSymbolAtLocation(member.name);
        const documented = symbol !== undefined && docText(symbol, checker) !== "";
        if (!documented) out.push(`${path}${name}`);
        if (member.type !== undefined) visit(member.type, `${path}${name}.`);
        if (ts.isMethodSignature(member)) member.parameters.forEach((p) => p.type && visit(p.type, `${path}${name}().`));
      }
      if (ts.isInterfaceDeclaration(node)) node.heritageClauses?.forEach((h) => ts.forEachChild(h, (c) => visit(c, path)));
      return;
    }
    // `O extends { mode: "lenient" } ? A : B`: the extends clause is a pattern, not a field of the type.
    if (ts.isConditionalTypeNode(node)) {
      visit(node.trueType, path);
      visit(node.falseType, path);
      return;
    }
    // `Exclude<T, { kind: "x" }>`: the second argument is a filter, not a field of the type.
    if (ts.isTypeReferenceNode(node) && FILTERS.has(node.typeName.getText()) && node.typeArguments) {
      visit(node.typeArguments[0]!, path);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, path));
  };
  if (ts.isInterfaceDeclaration(decl)) visit(decl, "");
  else if (ts.isTypeAliasDeclaration(decl)) visit(decl.type, "");
  return out;
}

interface Missing {
  readonly entry: string;
  readonly name: string;
  readonly member?: string;
}

function audit(): { missing: Missing[]; checked: number } {
  const files = entries();
  for (const file of files.values()) if (!existsSync(file)) throw new Error(`${file} is missing: build first`);
  const program = ts.createProgram([...files.values()], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const missing: Missing[] = [];
  let checked = 0;
  for (const [entry, file] of files) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (moduleSymbol === undefined) throw new Error(`${file}: not a module`);
    const seen = new Set<ts.Symbol>();
    const walk = (exports: ts.Symbol[], prefix: string): void => {
      for (const exported of exports) {
        const name = `${prefix}${exported.getName()}`;
        const symbol = resolve(exported, checker);
        if (isNamespace(symbol) && isModuleNamespace(symbol)) {
          // A namespace made of a whole module: its members are checked, one by one.
          if (seen.has(symbol)) continue;
          seen.add(symbol);
          walk(checker.getExportsOfModule(symbol), `${name}.`);
          continue;
        }
        checked++;
        if (docText(symbol, checker) === "" && docText(exported, checker) === "") missing.push({ entry, name });
        for (const decl of symbol.declarations ?? []) {
          for (const member of undocumentedMembers(decl, checker)) missing.push({ entry, name, member });
        }
        if (isNamespace(symbol) && !seen.has(symbol)) {
          seen.add(symbol);
          walk(checker.getExportsOfModule(symbol), `${name}.`);
        }
      }
    };
    walk(checker.getExportsOfModule(moduleSymbol), "");
  }
  return { missing, checked };
}

describe.skipIf(!wanted)("JSDoc on every export and every type field of the built declarations", () => {
  it("documents every export, namespace member and interface or type-literal property", () => {
    const { missing, checked } = audit();
    expect(checked).toBeGreaterThan(500);
    const lines = [...new Set(missing.map((m) => `${m.entry}  ${m.name}${m.member === undefined ? "" : `  .${m.member}`}`))];
    expect(lines, `${lines.length} undocumented:\n${lines.join("\n")}`).toEqual([]);
  });
});
