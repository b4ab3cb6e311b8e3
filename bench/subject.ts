/**
 * A subject is one validator's job (the legacy request, the v1 Task, ...) with
 * its bench inputs and the contenders doing the same job. Before anything is
 * timed, every contender must give a2a-schemas' verdict on every input.
 */

export type Peer = "a2a-schemas" | "ajv" | "zod" | "typia" | "typebox" | "handwritten";

export const PEER_NAMES: Readonly<Record<Peer, string>> = {
  "a2a-schemas": "a2a-schemas",
  ajv: "run-time Ajv + ajv-formats",
  zod: "Zod v4",
  typia: "typia 12",
  typebox: "TypeBox 0.34",
  handwritten: "hand-written, same rules",
};

export interface Contender<R = any> {
  readonly peer: Peer;
  /** What is called, for the notes (e.g. "validateRequestMessage"). */
  readonly call: string;
  /** The timed call: a verdict and, on invalid input, the full issue list. */
  readonly run: (input: unknown) => R;
  /** The full issue list, where a peer has a faster call for the verdict alone (Ajv allErrors, typia validate, TypeBox Errors). */
  readonly runAll?: (input: unknown) => R;
  /** The verdict in `run`'s (and `runAll`'s) result. */
  readonly passed: (result: R) => boolean;
}

export interface Subject {
  readonly id: string;
  /** Row label, e.g. "legacy request". */
  readonly title: string;
  /** The valid bench input, and how it was made. */
  readonly valid: unknown;
  readonly about: string;
  /** Invalid bench inputs with 1 and with 3 issues (a2a-schemas' count), when the invalid path is measured. */
  readonly invalid?: readonly [unknown, unknown];
  /** More invalid inputs, for the verdict check only. */
  readonly variants: Readonly<Record<string, unknown>>;
  /** a2a-schemas first. */
  readonly contenders: readonly Contender[];
  /** Why a peer is absent from this subject (cannot build, cannot take the schema). */
  readonly absent?: Partial<Record<Peer, string>>;
}

export interface Disagreement {
  readonly subject: string;
  readonly peer: Peer;
  readonly inputs: readonly string[];
}

function verdict(c: Contender, input: unknown): boolean | string {
  try {
    const quick = c.passed(c.run(input));
    return c.runAll && c.passed(c.runAll(input)) !== quick ? "its two calls disagree" : quick;
  } catch (e) {
    return `threw ${(e as Error).message}`;
  }
}

/** Contenders whose verdict differs from a2a-schemas' on some input, with those inputs. */
export function checkVerdicts(subject: Subject): Disagreement[] {
  const [ours, ...peers] = subject.contenders;
  const inputs: Array<[string, unknown, boolean]> = [["the valid bench input", subject.valid, true]];
  subject.invalid?.forEach((x, i) => inputs.push([`the invalid bench input with ${i === 0 ? 1 : 3} issue(s)`, x, false]));
  for (const [name, x] of Object.entries(subject.variants)) inputs.push([name, x, false]);
  for (const [name, x, expected] of inputs) {
    if (verdict(ours!, x) !== expected) throw new Error(`${subject.title}: a2a-schemas ${expected ? "rejects" : "accepts"} ${name}; fix the bench input`);
  }
  const out: Disagreement[] = [];
  for (const c of peers) {
    const wrong = inputs.filter(([, x, expected]) => verdict(c, x) !== expected).map(([name]) => name);
    if (wrong.length > 0) out.push({ subject: subject.id, peer: c.peer, inputs: wrong });
  }
  return out;
}

/** A copy of `o` without `key` (absent, not undefined: as JSON would have it). */
export function omit<T extends Record<string, unknown>>(o: T, key: string): Record<string, unknown> {
  const { [key]: _, ...rest } = o;
  return rest;
}

/** Issue counts a2a-schemas reports for the invalid bench inputs, to check they are 1 and 3. */
export function issueCount(result: unknown): number {
  return (result as { issues?: unknown[] }).issues?.length ?? 0;
}
