/**
 * The v1 validators of one protocol revision, built from its revision object
 * (generated metadata + the generated first-error and all-errors modules):
 * strict mode wraps the generated Ajv pair in the library's result shape;
 * lenient mode reads the input as a proto3 JSON parser does (lenient.ts) and
 * runs the strict validators on the canonical copy. On failure, issues are
 * reworded in v1 terms and carry hints. Every revision goes through this one
 * module; src/v1/validators.ts (1.0) and src/v1/2026-02-17/ instantiate it.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { isLastCollected } from "../core/ajv-issues.js";
import { describeValue, makeIssue, toPointer, type PathSegment, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { capIssues, createValidator, standardProps, type GeneratedValidator, type Validator } from "../core/validator.js";
import { strictFormatProblem } from "./formats.js";
import { attachHints, findMarkers, inspect, REMOVED_TYPES } from "./hints.js";
import { collapseHybridCards } from "./hybrid.js";
import { refineIssues } from "./issues.js";
import { filledAt, normalize, originalPath, type Normalized } from "./lenient.js";
import { has, makeModel, REVISION_IDS, type Model, type RevisionId, type RevisionMeta } from "./schema-walk.js";

/** "strict": the canonical form a sender emits; "lenient": what a proto3 JSON receiver accepts. */
export type V1Mode = "strict" | "lenient";

/** Options of a v1 validator: mode and protocol revision. */
export interface V1Options {
  /** `"strict"` (default): the canonical form a sender emits. `"lenient"`: what a proto3 JSON receiver accepts. */
  readonly mode?: V1Mode;
  /**
   * The protocol revision: `"1.0"` (A2A v1.0 as released, the default of `a2a-schemas/v1`) or
   * `"2026-02-17"` (the pre-release proto). A validator of one revision hands the input to the
   * other revision's validator of the same name when that revision is loaded.
   */
  readonly revision?: RevisionId | (string & {});
}

/**
 * The options under which `check` is a type guard: strict mode of the validator's own revision.
 * In lenient mode a yes says the input reads as the message, not that it is the canonical form;
 * with another `revision` it says it is that revision's message.
 */
export interface StrictCheckOptions {
  readonly mode?: "strict" | undefined;
  readonly revision?: undefined;
}

/** One message validator of a revision: `(input, options?)`, with a guard, an assert and Standard Schema (strict). */
export interface MessageValidator<T, K extends string = string> extends StandardSchemaV1<unknown, T> {
  (input: unknown): ValidationResult<T>;
  <O extends V1Options>(input: unknown, options: O): ValidationResult<O extends { mode: "lenient" } ? unknown : T>;
  readonly typeName: K;
  /** The protocol revision this validator belongs to. */
  readonly revision: RevisionId;
  /** Yes/no without building issues (first-error pass only); in strict mode a type guard. */
  check(input: unknown, options?: StrictCheckOptions): input is T;
  /** Yes/no in lenient mode or in another revision: not a guard (the input is not this revision's canonical message). */
  check(input: unknown, options?: V1Options): boolean;
}

/**
 * One protocol revision: its metadata, its model (built on the first failure or lenient call: a
 * valid strict input never needs it) and the validators built so far, one per message.
 */
export interface Revision {
  readonly revision: RevisionId;
  readonly meta: RevisionMeta;
  readonly model: Model;
  isMessageName(name: unknown): boolean;
  /** The validators built so far, by message name: each is built once, by whichever asks first. */
  readonly built: Map<string, MessageValidator<unknown>>;
}

/**
 * Another revision's validator of the same message, by revision id: `{ "2026-02-17": () => r2026.validateTask }`.
 * A thunk, so that only the validators an application calls are in its bundle.
 */
export type Peers = Readonly<Partial<Record<RevisionId, () => MessageValidator<unknown>>>>;

export interface RevisionApi<Types> {
  readonly revision: RevisionId;
  readonly model: Model;
  readonly validators: { readonly [K in keyof Types & string]: MessageValidator<Types[K], K> };
  /** Validates `input` as the message `typeName` of this revision; an unknown name is an issue. Untyped: the typed entries narrow it. */
  validate(typeName: string, input: unknown, options?: V1Options): ValidationResult<unknown>;
  is(typeName: string, input: unknown): boolean;
}

/** Every revision whose by-name API was built, so a validator can hand over to another revision's. */
const REGISTRY = new Map<string, RevisionApi<unknown>>();

export function unknownRevision(revision: unknown): ValidationIssue {
  const known = REVISION_IDS.includes(revision as RevisionId);
  return makeIssue([], "enum", known ? `revision ${JSON.stringify(revision)} is not in this entry: validate with "a2a-schemas/v1", which carries every revision` : `unknown protocol revision ${describeValue(revision)}`, {
    allowed: REVISION_IDS,
    received: describeValue(revision),
  });
}

function sdkIssue(at: readonly PathSegment[]): ValidationIssue {
  return makeIssue([], "type", `is an in-memory @a2a-js/sdk object, not its JSON: ${toPointer(at) || "the root"} holds a oneof as { $case, value }`, {
    expected: "proto3 JSON",
    received: "an in-memory SDK object",
    hint: "serialize it with the SDK's toJSON() first (Message.toJSON(message), Task.toJSON(task), AgentCard.toJSON(card), ...), then validate the result",
  });
}

/**
 * The issues of a failed v1 validation in v1 terms: an in-memory SDK object is said to be one,
 * the core's issues are reworded (refineIssues) and given hints (attachHints), then capped.
 * Every v1 validator's failure goes through here; the Zod issue mapper reuses it.
 */
export function refineFailure(model: Model, name: string, input: unknown, issues: readonly ValidationIssue[], lenient: boolean): ValidationIssue[] {
  try {
    // Reworded first: the walk then only scans for hints where an issue is.
    const reworded = refineIssues(model, name, input, issues, lenient);
    // A hybrid card's v0.3 fields are one issue in strict mode (lenient mode never reports them as errors).
    const refined = lenient ? reworded : collapseHybridCards(model, name, input, reworded);
    // The strict all-errors pass's uncapped list has an issue at each { $case } (no message has that key): look only where issues are.
    const sdkHasIssue = !lenient && isLastCollected(issues) && !issues.some((i) => i.code === "too_many_issues");
    const found = inspect(model, name, input, refined, sdkHasIssue);
    if (found.sdk !== undefined) return [sdkIssue(found.sdk)];
    return capIssues(attachHints(refined, found.markers));
  } catch {
    return capIssues(issues.slice()); // the core's issues are still right, only less specific
  }
}

/** A revision: cheap to create (the model waits for its first use). */
export function createRevision(meta: RevisionMeta): Revision {
  let model: Model | undefined;
  const names = new Set<string>(meta.MESSAGE_NAMES);
  return {
    revision: meta.REVISION as RevisionId,
    meta,
    get model() {
      return (model ??= makeModel(meta));
    },
    isMessageName: (name: unknown): boolean => typeof name === "string" && names.has(name),
    built: new Map(),
  };
}

/**
 * The validator of the message `name` of revision `rev`, from its generated first-error and
 * all-errors functions; built once per revision and name. `peers` hand the other revisions over.
 */
export function messageValidator(rev: Revision, name: string, first: unknown, full: unknown, peers?: Peers): MessageValidator<unknown> {
  let v = rev.built.get(name);
  if (v === undefined) rev.built.set(name, (v = build(rev, name, first as GeneratedValidator, full as GeneratedValidator, peers)));
  return v;
}

/** Another revision's validator of `name`: the peer this one was given, else that revision's by-name API when it is loaded. */
function handOver(name: string, peers: Peers | undefined, input: unknown, options: V1Options): ValidationResult<unknown> {
  const id = options.revision!;
  const peer = peers !== undefined && has.call(peers, id) ? peers[id as RevisionId] : undefined;
  if (peer !== undefined) return peer()(input, options);
  const other = REGISTRY.get(id);
  return other ? other.validate(name, input, options) : { ok: false, issues: [unknownRevision(id)] };
}

function build(rev: Revision, name: string, first: GeneratedValidator, full: GeneratedValidator, peers: Peers | undefined): MessageValidator<unknown> {
  const revision = rev.revision;
  const failed = (input: unknown, issues: readonly ValidationIssue[], lenient: boolean): ValidationResult<never> => ({
    ok: false,
    issues: refineFailure(rev.model, name, input, issues, lenient),
  });

  /** Lenient mode ignores unknown fields: each is a warning at its place (with a hint when it is a known construct). */
  const ignoredWarnings = (input: unknown, n: Normalized): ValidationIssue[] => {
    if (n.ignored.length === 0) return [];
    try {
      const hints = new Map<string, string>();
      for (const m of findMarkers(rev.model, name, input)) {
        const p = toPointer(m.path);
        if (!hints.has(p)) hints.set(p, m.hint);
      }
      const out = n.ignored.map((path) => {
        const key = String(path[path.length - 1]);
        const hint = hints.get(toPointer(path));
        return makeIssue(path, "unknown_property", `unknown field "${key.slice(0, 100)}", ignored (the A2A v1.0 specification, section 5.7: unrecognized fields are ignored)`, {
          property: key,
          severity: "warning",
          ...(hint !== undefined ? { hint } : {}),
        });
      });
      if (n.ignoredCount > out.length) {
        out.push(makeIssue([], "too_many_issues", `too many ignored fields: showing the first ${out.length} of ${n.ignoredCount}`, { received: String(n.ignoredCount), severity: "warning" }));
      }
      return out;
    } catch {
      return [];
    }
  };

  /** A strict issue on a REQUIRED field the reader filled with its default: the field is missing (or null). */
  const filledIssue = (input: unknown, issue: ValidationIssue, how: "absent" | "null"): ValidationIssue => {
    const field = String(issue.path[issue.path.length - 1]);
    const parent = originalPath(rev.model, name, input, issue.path.slice(0, -1));
    return makeIssue(parent, "required", how === "null" ? `REQUIRED field "${field}" is null, which proto3 JSON reads as absent` : `missing required property "${field}"`, {
      property: field,
    });
  };

  const strict: Validator<unknown> = createValidator({ name, first, full, formatProblem: strictFormatProblem });

  const lenient = (input: unknown): ValidationResult<unknown> => {
    let n: Normalized;
    try {
      n = normalize(rev.model, name, input);
    } catch {
      return { ok: false, issues: [makeIssue([], "invalid", "input could not be validated: reading it failed")] };
    }
    const r = strict(n.value);
    if (r.ok && n.issues.length === 0) {
      n.restore();
      const warnings = ignoredWarnings(input, n);
      return warnings.length > 0 ? { ok: true, value: n.value, warnings } : { ok: true, value: n.value };
    }
    const moved: ValidationIssue[] = [];
    // Reading the input again (a getter may throw the second time) must not escape either.
    try {
      if (!r.ok) {
        const done = new Set<string>();
        for (const i of r.issues) {
          const how = filledAt(rev.model, name, input, i.path);
          if (how !== undefined) {
            if (done.has(i.pointer)) continue;
            done.add(i.pointer);
            moved.push(filledIssue(input, i, how));
            continue;
          }
          const path = originalPath(rev.model, name, input, i.path);
          moved.push({ ...i, path, pointer: toPointer(path) });
        }
      }
    } catch {
      return { ok: false, issues: [makeIssue([], "invalid", "input could not be validated: reading it failed")] };
    }
    return failed(input, [...n.issues, ...moved], true);
  };

  const self = (input: unknown, options?: V1Options): ValidationResult<any> => {
    if (options !== undefined) {
      if (options.revision !== undefined && options.revision !== revision) return handOver(name, peers, input, options);
      if (options.mode === "lenient") return lenient(input);
    }
    const r = strict(input);
    return r.ok ? r : failed(input, r.issues, false);
  };
  const check = (input: unknown, options?: V1Options): boolean => {
    if (options?.revision !== undefined && options.revision !== revision) return handOver(name, peers, input, options).ok;
    if (options?.mode !== "lenient") return strict.check(input);
    try {
      const n = normalize(rev.model, name, input);
      return n.issues.length === 0 && strict.check(n.value);
    } catch {
      return false;
    }
  };
  return Object.assign(self, { typeName: name, revision, check, "~standard": standardProps(self) }) as MessageValidator<unknown>;
}

/**
 * A revision's by-name API over its validator table; registered so other revisions' validators can
 * hand over to it. `others` names the other revisions' APIs this one hands over to.
 */
export function createRevisionApi<Types>(
  rev: Revision,
  validators: RevisionApi<Types>["validators"],
  others?: Readonly<Partial<Record<RevisionId, () => RevisionApi<unknown>>>>,
): RevisionApi<Types> {
  const revision = rev.revision;
  const table = validators as unknown as Record<string, MessageValidator<unknown>>;
  const api: RevisionApi<Types> = {
    revision,
    get model() {
      return rev.model;
    },
    validators,
    validate(typeName, input, options) {
      if (options?.revision !== undefined && options.revision !== revision) {
        const id = options.revision;
        const other = others !== undefined && has.call(others, id) ? others[id as RevisionId]!() : REGISTRY.get(id);
        return other ? other.validate(typeName, input, options) : { ok: false, issues: [unknownRevision(id)] };
      }
      if (!rev.isMessageName(typeName)) {
        const removed = typeof typeName === "string" ? REMOVED_TYPES[revision]?.[typeName] : undefined;
        return {
          ok: false,
          issues: [
            makeIssue([], "enum", `unknown v1 message type ${typeof typeName === "string" ? JSON.stringify(typeName.slice(0, 80)) : describeValue(typeName)}${revision === "1.0" ? "" : ` in revision ${revision}`}`, {
              allowed: rev.meta.MESSAGE_NAMES,
              received: typeof typeName === "string" ? JSON.stringify(typeName.slice(0, 60)) : typeof typeName,
              ...(removed !== undefined ? { hint: removed } : {}),
            }),
          ],
        };
      }
      return table[typeName]!(input, options ?? {});
    },
    is: (typeName, input) => rev.isMessageName(typeName) && table[typeName]!.check(input),
  };
  REGISTRY.set(revision, api as RevisionApi<unknown>);
  return api;
}
