/**
 * Session validators: for each type a default-mode and a strict-mode validator
 * (both generated pairs), joined into one function that takes `{ mode }`.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import * as defaultFirst from "../generated/session/default-first.js";
import * as defaultFull from "../generated/session/default-full.js";
import * as strictFirst from "../generated/session/strict-first.js";
import * as strictFull from "../generated/session/strict-full.js";
import type * as T from "../generated/session/types.js";
import type * as S from "../generated/session/strict-types.js";
import type { ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { createValidator, ValidationError, type Validator } from "../core/validator.js";
import { sessionFormatProblem } from "./formats.js";
import { SESSION_RULES } from "./rules.js";

/**
 * `default` (A2A Protocol JSON Specification, §Implementation Guidance: "be tolerant of unknown properties") accepts unknown
 * properties; `strict` rejects them, for checking what you emit.
 */
export type SessionMode = "default" | "strict";

export interface SessionOptions {
  readonly mode?: SessionMode;
}

export type StrictOptions = { readonly mode: "strict" };

/** A validator with two modes. Called without options it is the default mode; it is a Standard Schema in that mode. */
export interface SessionValidator<D, S> extends StandardSchemaV1<unknown, D> {
  (input: unknown, options: StrictOptions): ValidationResult<S>;
  (input: unknown, options?: SessionOptions): ValidationResult<D>;
  readonly typeName: string;
  /** Fast yes/no, no issue list. Never throws. */
  check(input: unknown, options: StrictOptions): input is S;
  check(input: unknown, options?: SessionOptions): input is D;
  /** The default-mode validator on its own (also a Standard Schema). */
  readonly tolerant: Validator<D>;
  /** The strict-mode validator on its own (also a Standard Schema). */
  readonly strict: Validator<S>;
}

export type SessionGuard<D, S> = {
  (input: unknown, options: StrictOptions): input is S;
  (input: unknown, options?: SessionOptions): input is D;
};

export type SessionAssert<D, S> = {
  (input: unknown, options: StrictOptions): asserts input is S;
  (input: unknown, options?: SessionOptions): asserts input is D;
};

type Name = keyof T.Registry & keyof S.Registry;

function isStrict(options: SessionOptions | undefined): boolean {
  // Anything but an explicit "strict" is the default mode; reading options never throws on odd input.
  try {
    return options !== null && typeof options === "object" && options.mode === "strict";
  } catch {
    return false;
  }
}

function define<K extends Name>(name: K): SessionValidator<T.Registry[K], S.Registry[K]> {
  const rules = (SESSION_RULES as Partial<Record<Name, (v: unknown) => ValidationIssue[]>>)[name];
  const common = { name, formatProblem: sessionFormatProblem, ...(rules ? { rules } : {}) };
  const tolerant = createValidator<T.Registry[K]>({ ...common, first: defaultFirst[name], full: defaultFull[name] });
  const strict = createValidator<S.Registry[K]>({ ...common, first: strictFirst[name], full: strictFull[name] });
  const validate = (input: unknown, options?: SessionOptions) => (isStrict(options) ? strict(input) : tolerant(input));
  const check = (input: unknown, options?: SessionOptions) => (isStrict(options) ? strict.check(input) : tolerant.check(input));
  // The overloads pick the result type by mode; one implementation serves both.
  return Object.assign(validate, { typeName: name, check, tolerant, strict, "~standard": tolerant["~standard"] }) as unknown as SessionValidator<
    T.Registry[K],
    S.Registry[K]
  >;
}

export function createSessionGuard<D, S>(v: SessionValidator<D, S>): SessionGuard<D, S> {
  return ((input: unknown, options?: SessionOptions) => v.check(input, options)) as SessionGuard<D, S>;
}

export function createSessionAssert<D, S>(v: SessionValidator<D, S>): SessionAssert<D, S> {
  return ((input: unknown, options?: SessionOptions) => {
    const r = v(input, options);
    if (!r.ok) throw new ValidationError(v.typeName, r.issues);
  }) as SessionAssert<D, S>;
}

export const validateAgentCard = define("AgentCard");
export const isAgentCard = createSessionGuard(validateAgentCard);
export const assertAgentCard: SessionAssert<T.AgentCard, S.AgentCard> = createSessionAssert(validateAgentCard);

export const validateSession = define("Session");
export const isSession = createSessionGuard(validateSession);
export const assertSession: SessionAssert<T.Session, S.Session> = createSessionAssert(validateSession);

export const validateMessage = define("Message");
export const isMessage = createSessionGuard(validateMessage);
export const assertMessage: SessionAssert<T.Message, S.Message> = createSessionAssert(validateMessage);

export const validateArtifact = define("Artifact");
export const isArtifact = createSessionGuard(validateArtifact);
export const assertArtifact: SessionAssert<T.Artifact, S.Artifact> = createSessionAssert(validateArtifact);

export const validateCreateSessionRequest = define("CreateSessionRequest");
export const isCreateSessionRequest = createSessionGuard(validateCreateSessionRequest);
export const assertCreateSessionRequest: SessionAssert<T.CreateSessionRequest, S.CreateSessionRequest> = createSessionAssert(validateCreateSessionRequest);

export const validateCreateSessionResponse = define("CreateSessionResponse");
export const isCreateSessionResponse = createSessionGuard(validateCreateSessionResponse);
export const assertCreateSessionResponse: SessionAssert<T.CreateSessionResponse, S.CreateSessionResponse> = createSessionAssert(validateCreateSessionResponse);

export const validateSendMessageRequest = define("SendMessageRequest");
export const isSendMessageRequest = createSessionGuard(validateSendMessageRequest);
export const assertSendMessageRequest: SessionAssert<T.SendMessageRequest, S.SendMessageRequest> = createSessionAssert(validateSendMessageRequest);

export const validateSendMessageResponse = define("SendMessageResponse");
export const isSendMessageResponse = createSessionGuard(validateSendMessageResponse);
export const assertSendMessageResponse: SessionAssert<T.SendMessageResponse, S.SendMessageResponse> = createSessionAssert(validateSendMessageResponse);

export const validateGetSessionMessagesResponse = define("GetSessionMessagesResponse");
export const isGetSessionMessagesResponse = createSessionGuard(validateGetSessionMessagesResponse);
export const assertGetSessionMessagesResponse: SessionAssert<T.GetSessionMessagesResponse, S.GetSessionMessagesResponse> = createSessionAssert(
  validateGetSessionMessagesResponse,
);

export const validateErrorResponse = define("ErrorResponse");
export const isErrorResponse = createSessionGuard(validateErrorResponse);
export const assertErrorResponse: SessionAssert<T.ErrorResponse, S.ErrorResponse> = createSessionAssert(validateErrorResponse);

/** Every session validator by type name (the CLI and the fixture tests look them up here). */
export const SESSION_VALIDATORS = {
  AgentCard: validateAgentCard,
  Session: validateSession,
  Message: validateMessage,
  Artifact: validateArtifact,
  CreateSessionRequest: validateCreateSessionRequest,
  CreateSessionResponse: validateCreateSessionResponse,
  SendMessageRequest: validateSendMessageRequest,
  SendMessageResponse: validateSendMessageResponse,
  GetSessionMessagesResponse: validateGetSessionMessagesResponse,
  ErrorResponse: validateErrorResponse,
} as const;

export type SessionTypeName = keyof typeof SESSION_VALIDATORS;
