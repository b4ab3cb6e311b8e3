/**
 * Line and column from the source text, with momoa. Loaded and run only for
 * documents that failed (JSON.parse is many times faster for the rest); momoa
 * recurses, so a hostile depth falls back to no position instead of crashing.
 */
import type { DocumentNode, ValueNode } from "@humanwhocodes/momoa";
import { fromPointer } from "../core/issue.js";

export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface SyntaxProblem extends Position {
  readonly message: string;
}

type Momoa = typeof import("@humanwhocodes/momoa");
let momoa: Promise<Momoa> | undefined;

export interface Locator {
  /** Where and why `text` is not JSON (called after JSON.parse threw `err`). */
  syntaxError(text: string, err: unknown): SyntaxProblem;
  /** Positions of pointers into `text` (a valid JSON text); undefined where unknown. */
  locate(text: string, targets: readonly { pointer: string; code: string }[]): (Position | undefined)[];
}

/** A byte-order mark is not part of the JSON text and must not count as a column. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: end - start + 1 };
}

/** V8's message without the position or the echo of the input. */
function v8Message(err: unknown): { message: string; offset: number | undefined } {
  const raw = err instanceof Error ? err.message : String(err);
  const at = /at position (\d+)/.exec(raw);
  const message = raw
    .replace(/ in JSON at position \d+.*$/s, "")
    .replace(/, ".*" is not valid JSON$/s, "")
    .replace(/\s*\(line \d+ column \d+\)$/, "");
  return { message, offset: at ? Number(at[1]) : /end of JSON input/.test(raw) ? Infinity : undefined };
}

/** Codes reported at a property that should not be there: point at its name. */
const AT_KEY = new Set(["unknown_property", "not_allowed"]);

function find(doc: DocumentNode, pointer: string, atKey: boolean): Position {
  let node: ValueNode = doc.body;
  let keyPos: Position | undefined;
  const segs = fromPointer(pointer);
  let depth = 0;
  for (const seg of segs) {
    if (node.type === "Object") {
      let next: ValueNode | undefined;
      // JSON.parse keeps the last of duplicate keys, so the last one is what was validated.
      for (const m of node.members) {
        if (m.name.type === "String" && m.name.value === seg) {
          next = m.value;
          keyPos = m.name.loc.start;
        }
      }
      if (!next) break;
      node = next;
    } else if (node.type === "Array" && /^(0|[1-9]\d*)$/.test(seg) && Number(seg) < node.elements.length) {
      node = node.elements[Number(seg)]!.value;
      keyPos = undefined;
    } else break;
    depth++;
  }
  const { line, column } = atKey && depth === segs.length && keyPos ? keyPos : node.loc.start;
  return { line, column };
}

function createLocator(m: Momoa): Locator {
  const options = { mode: "json", ranges: false, tokens: false } as const;
  return {
    syntaxError(text, err) {
      try {
        m.parse(text, options);
      } catch (e) {
        const p = e as { message?: unknown; line?: unknown; column?: unknown };
        if (typeof p.line === "number" && typeof p.column === "number" && typeof p.message === "string") {
          const message = p.message.replace(/\s*\(\d+:\d+\)$/, "");
          // momoa places "end of input" at 1:1; the text ends just after its last token.
          if (message.startsWith("Unexpected end of input")) return { message, ...positionAt(text, text.trimEnd().length) };
          return { message, line: p.line, column: p.column };
        }
      }
      // momoa ran out of stack or disagreed with V8: use V8's offset.
      const v = v8Message(err);
      const at = v.offset === undefined ? { line: 1, column: 1 } : positionAt(text, v.offset);
      return { message: v.message, ...at };
    },
    locate(text, targets) {
      let doc: DocumentNode;
      try {
        doc = m.parse(text, options);
      } catch {
        return targets.map(() => undefined);
      }
      return targets.map((t) => {
        try {
          return find(doc, t.pointer, AT_KEY.has(t.code));
        } catch {
          return undefined;
        }
      });
    },
  };
}

let locator: Locator | undefined;

export async function loadLocator(): Promise<Locator> {
  if (locator) return locator;
  momoa ??= import("@humanwhocodes/momoa");
  locator = createLocator(await momoa);
  return locator;
}
