/**
 * v1 validators: the generated Ajv pairs (strict and lenient) wrapped in the
 * library's result shape, with v1 issue wording and v0.3 hints added on failure.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { capIssues, createValidator, VENDOR, ValidationError, type GeneratedValidator, type Validator } from "../core/validator.js";
import * as lenientFirst from "../generated/v1/lenient-first.js";
import * as lenientFull from "../generated/v1/lenient-full.js";
import { MESSAGE_NAMES, type MessageName } from "../generated/v1/meta.js";
import * as strictFirst from "../generated/v1/strict-first.js";
import * as strictFull from "../generated/v1/strict-full.js";
import type * as T from "../generated/v1/types.js";
import { lenientFormatProblem, strictFormatProblem } from "./formats.js";
import { attachHints, findV03Markers } from "./hints.js";
import { refineIssues } from "./issues.js";
import { isMessageName } from "./schema-walk.js";

export type { MessageName };
export type V1Mode = "strict" | "lenient";

export interface V1Options {
  /** `"strict"` (default): the canonical form a sender emits. `"lenient"`: what a proto3 JSON receiver accepts. */
  readonly mode?: V1Mode;
}

/** A validated value: the canonical type in strict mode; in lenient mode the input as given (aliases, numbers, offsets). */
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

function finish(name: MessageName, input: unknown, r: ValidationResult<unknown>, lenient: boolean): ValidationResult<unknown> {
  if (r.ok) {
    if (!lenient) return r;
    // Lenient mode ignores unknown fields; v0.3 ones are still worth a warning.
    try {
      const markers = findV03Markers(name, input);
      if (markers.length === 0) return r;
      const warnings = markers.map((m) => makeIssue(m.path, "unknown_property", "v0.3 construct, ignored in lenient mode", { hint: m.hint, severity: "warning" }));
      return { ok: true, value: r.value, warnings: capIssues(warnings) };
    } catch {
      return r;
    }
  }
  try {
    const refined = refineIssues(name, input, r.issues, lenient);
    const hinted = attachHints(refined, findV03Markers(name, input));
    return { ok: false, issues: capIssues(hinted) };
  } catch {
    return r; // the core's issues are still right, only less specific
  }
}

function build<K extends MessageName>(name: K): V1Validator<K> {
  const strict: Validator<unknown> = createValidator({
    name,
    first: gen(strictFirst, name),
    full: gen(strictFull, name),
    formatProblem: strictFormatProblem,
  });
  const lenient: Validator<unknown> = createValidator({
    name,
    first: gen(lenientFirst, name),
    full: gen(lenientFull, name),
    formatProblem: lenientFormatProblem,
  });
  const validate = (input: unknown, options?: V1Options): ValidationResult<any> => {
    const isLenient = options?.mode === "lenient";
    return finish(name, input, (isLenient ? lenient : strict)(input), isLenient);
  };
  const check = (input: unknown, options?: V1Options): boolean => (options?.mode === "lenient" ? lenient : strict).check(input);
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
