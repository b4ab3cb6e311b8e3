/**
 * v1 validators: the generated Ajv pairs (strict and lenient) wrapped in the
 * library's result shape, with v1 issue wording and v0.3 hints added on failure.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { makeIssue, toPointer, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { capIssues, createValidator, VENDOR, ValidationError, type GeneratedValidator, type Validator } from "../core/validator.js";
import { MESSAGE_NAMES, type MessageName } from "../generated/v1/meta.js";
import * as strictFirst from "../generated/v1/strict-first.js";
import * as strictFull from "../generated/v1/strict-full.js";
import type * as T from "../generated/v1/types.js";
import { strictFormatProblem } from "./formats.js";
import { attachHints, findV03Markers } from "./hints.js";
import { refineIssues } from "./issues.js";
import { normalize, originalPath } from "./lenient.js";
import { isMessageName } from "./schema-walk.js";

export type { MessageName };
export type V1Mode = "strict" | "lenient";

export interface V1Options {
  /** `"strict"` (default): the canonical form a sender emits. `"lenient"`: what a proto3 JSON receiver accepts. */
  readonly mode?: V1Mode;
}

/** A validated value: the input itself in strict mode; in lenient mode the canonical copy (camelCase, enum names, UTC), typed loosely because unknown enum numbers are carried. */
export type Validated<K extends MessageName, O extends V1Options | undefined> = O extends { mode: "lenient" } ? unknown : TypeOf<K>;

export type TypeOf<K extends MessageName> = T.MessageTypes[K];

/** One v1 message validator: `(input, options?)`, with a guard, an assert and Standard Schema (strict). */
export interface V1Validator<K extends MessageName> extends StandardSchemaV1<unknown, TypeOf<K>> {
  (input: unknown): ValidationResult<TypeOf<K>>;
  <O extends V1Options>(input: unknown, options: O): ValidationResult<Validated<K, O>>;
  readonly typeName: K;
  /** Yes/no without building issues (first-error pass only). */
  check(input: unknown, options?: V1Options): boolean;
}

const gen = (m: Record<string, unknown>, name: string) => m[name] as GeneratedValidator;

function failed(name: MessageName, input: unknown, issues: readonly ValidationIssue[], lenient: boolean): ValidationResult<never> {
  try {
    const refined = refineIssues(name, input, issues, lenient);
    const hinted = attachHints(refined, findV03Markers(name, input));
    return { ok: false, issues: capIssues(hinted) };
  } catch {
    return { ok: false, issues: capIssues(issues.slice()) }; // the core's issues are still right, only less specific
  }
}

/** Lenient mode ignores unknown fields; v0.3 ones are still worth a warning. */
function v03Warnings(name: MessageName, input: unknown): ValidationIssue[] {
  try {
    return findV03Markers(name, input).map((m) => makeIssue(m.path, "unknown_property", "v0.3 construct, ignored in lenient mode", { hint: m.hint, severity: "warning" }));
  } catch {
    return [];
  }
}

function build<K extends MessageName>(name: K): V1Validator<K> {
  const strict: Validator<unknown> = createValidator({
    name,
    first: gen(strictFirst, name),
    full: gen(strictFull, name),
    formatProblem: strictFormatProblem,
  });

  const lenient = (input: unknown): ValidationResult<unknown> => {
    let n: ReturnType<typeof normalize>;
    try {
      n = normalize(name, input);
    } catch {
      return { ok: false, issues: [makeIssue([], "invalid", "input could not be validated: reading it failed")] };
    }
    const r = strict(n.value);
    if (r.ok && n.issues.length === 0) {
      n.restore();
      const warnings = v03Warnings(name, input);
      return warnings.length > 0 ? { ok: true, value: n.value, warnings: capIssues(warnings) } : { ok: true, value: n.value };
    }
    const moved = r.ok
      ? []
      : r.issues.map((i) => {
          const path = originalPath(name, input, i.path);
          return { ...i, path, pointer: toPointer(path) };
        });
    return failed(name, input, [...n.issues, ...moved], true);
  };

  const validate = (input: unknown, options?: V1Options): ValidationResult<any> => {
    if (options?.mode === "lenient") return lenient(input);
    const r = strict(input);
    return r.ok ? r : failed(name, input, r.issues, false);
  };
  const check = (input: unknown, options?: V1Options): boolean => {
    if (options?.mode !== "lenient") return strict.check(input);
    try {
      const n = normalize(name, input);
      return n.issues.length === 0 && strict.check(n.value);
    } catch {
      return false;
    }
  };
  const standard: StandardSchemaV1.Props<unknown, TypeOf<K>> = {
    version: 1,
    vendor: VENDOR,
    validate(value) {
      const r = validate(value);
      return r.ok ? { value: r.value } : { issues: r.issues };
    },
  };
  return Object.assign(validate, { typeName: name, check, "~standard": standard }) as V1Validator<K>;
}

/** Validators by message name, built once. */
export const validators: { readonly [K in MessageName]: V1Validator<K> } = Object.fromEntries(
  MESSAGE_NAMES.map((n) => [n, build(n)]),
) as { [K in MessageName]: V1Validator<K> };

/**
 * Validates `input` as the v1 message `typeName` (one of the 46 names).
 * An unknown name is an issue, not an exception.
 */
export function validate<K extends MessageName>(typeName: K, input: unknown): ValidationResult<TypeOf<K>>;
export function validate<K extends MessageName, O extends V1Options>(typeName: K, input: unknown, options: O): ValidationResult<Validated<K, O>>;
export function validate(typeName: string, input: unknown, options?: V1Options): ValidationResult<unknown>;
export function validate(typeName: string, input: unknown, options?: V1Options): ValidationResult<unknown> {
  if (!isMessageName(typeName)) {
    return {
      ok: false,
      issues: [
        makeIssue([], "enum", `unknown v1 message type ${JSON.stringify(String(typeName)).slice(0, 80)}`, {
          allowed: MESSAGE_NAMES,
          received: typeof typeName === "string" ? JSON.stringify(typeName.slice(0, 60)) : typeof typeName,
        }),
      ],
    };
  }
  return (validators[typeName] as V1Validator<MessageName>)(input, options ?? {});
}

/** Type guard: strict mode unless told otherwise (lenient narrows nothing). */
export function is<K extends MessageName>(typeName: K, input: unknown): input is TypeOf<K> {
  return isMessageName(typeName) && validators[typeName].check(input);
}

export function assertValid<K extends MessageName>(typeName: K, input: unknown): asserts input is TypeOf<K> {
  const r = validate(typeName, input);
  if (!r.ok) throw new ValidationError(typeName, r.issues);
}

/** Builds the `is<Name>` guard for one message. */
export function guardFor<K extends MessageName>(name: K): (input: unknown) => input is TypeOf<K> {
  const v = validators[name];
  return (input: unknown): input is TypeOf<K> => v.check(input);
}

/** Builds the `assert<Name>` function for one message. */
export function assertFor<K extends MessageName>(name: K): (input: unknown) => asserts input is TypeOf<K> {
  const v = validators[name] as V1Validator<MessageName>;
  return (input: unknown): asserts input is TypeOf<K> => {
    const r = v(input);
    if (!r.ok) throw new ValidationError(name, r.issues);
  };
}

export type { ValidationIssue };
