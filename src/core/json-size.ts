/**
 * UTF-8 byte length of `JSON.stringify(value)` without building the string:
 * iterative (no stack overflow on deep input), stops as soon as `limit` is passed,
 * and reports cycles and BigInts (which JSON.stringify throws on) instead of throwing.
 */
export type JsonSize =
  | { readonly kind: "ok"; readonly bytes: number }
  | { readonly kind: "over"; readonly atLeast: number }
  | { readonly kind: "not_json"; readonly reason: string };

function stringBytes(s: string): number {
  // Fast path: plain printable ASCII costs 1 byte a char, plus the quotes.
  let bytes = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) bytes += c === 0x22 || c === 0x5c ? 2 : 1;
    else if (c < 0x20) bytes += c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 2 : 6;
    else if (c < 0x800) bytes += c === 0x7f ? 1 : 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 6; // lone surrogate: JSON.stringify writes \udxxx
    } else if (c >= 0xdc00 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

/** UTF-8 length by the runtime's native counter where there is one (Node, Bun); a lower bound of the JSON size. */
const utf8Length: ((s: string) => number) | undefined = (globalThis as { Buffer?: { byteLength(s: string, e: "utf8"): number } }).Buffer
  ? (s) => (globalThis as unknown as { Buffer: { byteLength(s: string, e: "utf8"): number } }).Buffer.byteLength(s, "utf8")
  : undefined;

/**
 * Is `s` (with its quotes) certainly more than `room` bytes? Cheap lower
 * bounds only: a UTF-16 unit is at least one byte, and escapes only add to the
 * UTF-8 length; so a huge string over the limit is refused without a scan.
 */
function surelyOver(s: string, room: number): boolean {
  if (s.length + 2 > room) return true;
  return s.length > 65536 && utf8Length !== undefined && utf8Length(s) + 2 > room;
}

function isSkipped(v: unknown): boolean {
  return v === undefined || typeof v === "function" || typeof v === "symbol";
}

/**
 * Cycles are found by remembering the objects on the current path, but on deep
 * input only some of them: every heavy object (more than {@link CYCLE_STRIDE}
 * members, counting a long string as several), and every object at each
 * CYCLE_STRIDE-th level; a cycle through light objects only (L of them)
 * shows up within CYCLE_STRIDE × L levels. The size of a heavy object's subtree
 * is kept once measured, so coming back to it (a shared subtree, or a cycle
 * still being run down) costs one lookup, not another walk. Remembering every
 * object cost 5 times more on deep input (40 ms against 8 ms for 170,000 levels
 * on this machine kind); a cycle too long to show up before `limit` is reported
 * as over it.
 */
const CYCLE_STRIDE = 16;

export function jsonByteSize(value: unknown, limit: number): JsonSize {
  let total = 0;
  const onPath = new Set<object>();
  const opened: number[] = []; // per remembered object: the total when it was opened, or -1 when it is light
  const measured = new Map<object, number>(); // wide subtrees already walked: their bytes
  // Work items, in pairs: a value and its depth, or CLOSE and a remembered object to leave.
  const stack: unknown[] = [value, 0];
  const CLOSE = Symbol("close");
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const v = stack.pop();
    if (v === CLOSE) {
      const o = depth as unknown as object;
      onPath.delete(o);
      const start = opened.pop()!;
      if (start >= 0) measured.set(o, total - start);
      continue;
    }
    if (v === null) total += 4;
    else
      switch (typeof v) {
        case "string":
          if (surelyOver(v, limit - total)) return { kind: "over", atLeast: total + v.length + 2 };
          total += stringBytes(v);
          break;
        case "number":
          total += Number.isFinite(v) ? String(v).length : 4;
          break;
        case "boolean":
          total += v ? 4 : 5;
          break;
        case "bigint":
          return { kind: "not_json", reason: "a BigInt" };
        case "object": {
          const o = v as Record<string, unknown>;
          if (typeof (o as { toJSON?: unknown }).toJSON === "function") {
            return { kind: "not_json", reason: "an object with toJSON()" };
          }
          const known = measured.get(o);
          if (known !== undefined) {
            total += known;
            break;
          }
          if (onPath.has(o)) return { kind: "not_json", reason: "a circular reference" };
          const start = total;
          const base = stack.length;
          const next = depth + 1;
          // Members, plus one per 256 UTF-16 units of a string member: the work a second walk would redo.
          let weight = 0;
          if (Array.isArray(o)) {
            total += 2 + (o.length > 0 ? o.length - 1 : 0);
            for (let i = o.length - 1; i >= 0; i--) {
              const item = o[i];
              if (isSkipped(item)) total += 4;
              else stack.push(item, next);
              weight += typeof item === "string" ? 1 + (item.length >> 8) : 1;
            }
          } else {
            total += 2;
            let n = 0;
            for (const key of Object.keys(o)) {
              const item = o[key];
              if (isSkipped(item)) continue;
              if (surelyOver(key, limit - total)) return { kind: "over", atLeast: total + key.length + 2 };
              total += stringBytes(key) + 1 + (n > 0 ? 1 : 0);
              n++;
              stack.push(item, next);
              weight += typeof item === "string" ? 1 + (item.length >> 8) : 1;
            }
          }
          const heavy = weight > CYCLE_STRIDE;
          if (heavy || depth % CYCLE_STRIDE === 0) {
            // Under its members, so that it is closed after them.
            stack.splice(base, 0, CLOSE, o);
            onPath.add(o);
            opened.push(heavy ? start : -1);
          }
          break;
        }
        default:
          total += 4; // undefined/function/symbol at the top level: measured as null
      }
    if (total > limit) return { kind: "over", atLeast: total };
  }
  return { kind: "ok", bytes: total };
}

const QUICK_DEPTH = 32;

/**
 * An upper bound of the serialized size with no allocation: a UTF-16 unit
 * costs at most 6 bytes (`\u001f`), a number at most 24 characters. Returns -1
 * where only the exact walk can answer (deep nesting, cycles, non-JSON values).
 */
function upperBound(v: unknown, depth: number, budget: number): number {
  if (v === null) return 4;
  switch (typeof v) {
    case "string":
      return 6 * v.length + 2;
    case "number":
      return 24;
    case "boolean":
      return 5;
    case "object": {
      if (depth > QUICK_DEPTH || typeof (v as { toJSON?: unknown }).toJSON === "function") return -1;
      let total = 2;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          const b = upperBound(v[i], depth + 1, budget - total);
          if (b < 0) return -1;
          total += b + 1;
          if (total > budget) return total;
        }
      } else {
        // for...in with an own-key test: Object.keys' keys without allocating their array (measured 40% faster here).
        for (const key in v) {
          if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
          const b = upperBound((v as Record<string, unknown>)[key], depth + 1, budget - total);
          if (b < 0) return -1;
          total += 6 * key.length + 4 + b;
          if (total > budget) return total;
        }
      }
      return total;
    }
    default:
      return -1;
  }
}

const WITHIN = Object.freeze({ kind: "within" } as const);

/** Is the serialized size within `limit`? Cheap bound first; exact walk only when the bound cannot tell. */
export function checkJsonSize(value: unknown, limit: number): JsonSize | { readonly kind: "within" } {
  const bound = upperBound(value, 0, limit);
  if (bound >= 0 && bound <= limit) return WITHIN;
  return jsonByteSize(value, limit);
}
