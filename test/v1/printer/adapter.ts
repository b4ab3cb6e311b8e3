/**
 * The one place the printer test calls the library: `validate(name, input, { mode, revision })`.
 *
 * The call goes through a loosely typed signature so this file type-checks whether or not
 * V1Options declares `revision` (a library without it ignores the option and validates
 * against its default revision, and the 1.0/2026-02-17 differences then show as failures).
 */
import type { ValidationResult } from "../../../src/core/result.js";
import { validate } from "../../../src/v1/index.js";
import type { Revision } from "./descriptors.js";

export type Mode = "strict" | "lenient";

export function validateIn(revision: Revision, mode: Mode, typeName: string, input: unknown): ValidationResult<unknown> {
  const options: { mode: Mode; revision: Revision } = { mode, revision };
  return (validate as (name: string, input: unknown, options: object) => ValidationResult<unknown>)(typeName, input, options);
}
