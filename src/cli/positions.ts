/**
 * Line and column from the source text, with momoa. Loaded and run only for
 * documents whose issues are shown (JSON.parse is many times faster for the
 * rest); momoa recurses, so a hostile depth falls back to no position instead
 * of crashing. Text that is not JSON at all is syntax.ts's.
 */
import type { DocumentNode, ValueNode } from "@humanwhocodes/momoa";
import { fromPointer } from "../core/issue.js";

export interface Position {
  readonly line: number;
  readonly column: number;
}

type Momoa = typeof import("@humanwhocodes/momoa");
let momoa: Promise<Momoa> | undefined;

export interface Locator {
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
