/**
 * `validate(typeName, input, options)` over every v0.3 definition, for a type name known at
 * compile time (typed result) or only at run time (`validateByName`: any string, an unknown name
 * is an issue).
 */
import { neverThrows } from "../core/guard.js";
import { makeIssue } from "../core/issue.js";
import { listValues } from "../core/messages.js";
import type { ValidationResult } from "../core/result.js";
import { validators } from "../generated/v0.3/api.js";
import type * as T from "../generated/v0.3/types.js";
import type * as S from "../generated/v0.3/strict-types.js";
import type { V03Options, V03StrictOptions, V03TypeName } from "./validators.js";

/** Every definition name of the A2A v0.3.0 JSON Schema, in its order. */
export const V03_TYPE_NAMES = /* @__PURE__ */ Object.keys(validators) as readonly V03TypeName[];

const has = (name: string): name is V03TypeName => Object.prototype.hasOwnProperty.call(validators, name);

/** Validates `input` as the v0.3 definition `typeName` (default mode, or `{ mode: "strict" }`). Never throws. */
export function validate<K extends V03TypeName>(typeName: K, input: unknown, options: V03StrictOptions): ValidationResult<S.Registry[K]>;
export function validate<K extends V03TypeName>(typeName: K, input: unknown, options?: V03Options): ValidationResult<T.Registry[K]>;
export function validate(typeName: V03TypeName, input: unknown, options?: V03Options): ValidationResult<unknown> {
  return validateByName(typeName, input, options);
}

/**
 * `validate` for a type name known only at run time: any string; an unknown name is an issue
 * (code `enum`, listing the known names), not an exception. Never throws.
 */
export const validateByName: (typeName: string, input: unknown, options?: V03Options) => ValidationResult<unknown> = /* @__PURE__ */ neverThrows(
  (typeName: string, input: unknown, options?: V03Options): ValidationResult<unknown> => {
    if (typeof typeName === "string" && has(typeName)) return (validators[typeName] as (i: unknown, o?: V03Options) => ValidationResult<unknown>)(input, options);
    const got = typeof typeName === "string" ? JSON.stringify(typeName) : typeof typeName;
    return { ok: false, issues: [makeIssue([], "enum", `unknown v0.3 type ${got}: must be one of ${listValues(V03_TYPE_NAMES)}`, { received: got })] };
  },
  (issue): ValidationResult<unknown> => ({ ok: false, issues: [issue] }),
);
