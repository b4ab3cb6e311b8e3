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

/** Options of a session validator, guard or assert. */
export interface SessionOptions {
  /** "default" (the default) tolerates unknown properties; "strict" rejects them. */
  readonly mode?: SessionMode;
}

/** The options that select strict mode; with them the result is typed with the strict types. */
export type StrictOptions = {
  /** Always "strict": reject unknown properties. */
  readonly mode: "strict";
};

/** A validator with two modes. Called without options it is the default mode; it is a Standard Schema in that mode. */
export interface SessionValidator<D, S> extends StandardSchemaV1<unknown, D> {
  (input: unknown, options: StrictOptions): ValidationResult<S>;
  (input: unknown, options?: SessionOptions): ValidationResult<D>;
  /** The name of the type it validates, e.g. "AgentCard". */
  readonly typeName: string;
  /** Fast yes/no, no issue list. Never throws. */
  check(input: unknown, options: StrictOptions): input is S;
  check(input: unknown, options?: SessionOptions): input is D;
  /** The default-mode validator on its own (also a Standard Schema). */
  readonly tolerant: Validator<D>;
  /** The strict-mode validator on its own (also a Standard Schema). */
  readonly strict: Validator<S>;
}

/** A type guard with two modes: narrows to the strict type with `{ mode: "strict" }`, else to the default-mode type. Never throws. */
export type SessionGuard<D, S> = {
  (input: unknown, options: StrictOptions): input is S;
  (input: unknown, options?: SessionOptions): input is D;
};

/** An assert with two modes: throws a ValidationError listing every issue unless the input is valid in that mode. */
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

/** Makes the two-mode type guard of a session validator. */
export function createSessionGuard<D, S>(v: SessionValidator<D, S>): SessionGuard<D, S> {
  return ((input: unknown, options?: SessionOptions) => v.check(input, options)) as SessionGuard<D, S>;
}

/** Makes the two-mode assert of a session validator. */
export function createSessionAssert<D, S>(v: SessionValidator<D, S>): SessionAssert<D, S> {
  return ((input: unknown, options?: SessionOptions) => {
    const r = v(input, options);
    if (!r.ok) throw new ValidationError(v.typeName, r.issues);
  }) as SessionAssert<D, S>;
}

/** Validates a session-family AgentCard (A2A Protocol JSON Specification): default mode tolerates unknown properties, `{ mode: "strict" }` rejects them. Never throws: returns a ValidationResult with every issue. */
export const validateAgentCard = define("AgentCard");
/** Type guard: is `input` a valid AgentCard (default mode, or `{ mode: "strict" }`)? Never throws. */
export const isAgentCard = createSessionGuard(validateAgentCard);
/** Throws a ValidationError listing every issue unless `input` is a valid AgentCard (default mode, or `{ mode: "strict" }`). */
export const assertAgentCard: SessionAssert<T.AgentCard, S.AgentCard> = createSessionAssert(validateAgentCard);

/** Validates a session-family Session (A2A Protocol JSON Specification): default mode tolerates unknown properties, `{ mode: "strict" }` rejects them. Never throws: returns a ValidationResult with every issue. */
export const validateSession = define("Session");
/** Type guard: is `input` a valid Session (default mode, or `{ mode: "strict" }`)? Never throws. */
export const isSession = createSessionGuard(validateSession);
/** Throws a ValidationError listing every issue unless `input` is a valid Session (default mode, or `{ mode: "strict" }`). */
export const assertSession: SessionAssert<T.Session, S.Session> = createSessionAssert(validateSession);

/** Validates a session-family Message (A2A Protocol JSON Specification): default mode tolerates unknown properties, `{ mode: "strict" }` rejects them. Never throws: returns a ValidationResult with every issue. */
export const validateMessage = define("Message");
/** Type guard: is `input` a valid Message (default mode, or `{ mode: "strict" }`)? Never throws. */
export const isMessage = createSessionGuard(validateMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid Message (default mode, or `{ mode: "strict" }`). */
export const assertMessage: SessionAssert<T.Message, S.Message> = createSessionAssert(validateMessage);

/** Validates a session-family Artifact (A2A Protocol JSON Specification): default mode tolerates unknown properties, `{ mode: "strict" }` rejects them. Never throws: returns a ValidationResult with every issue. */
export const validateArtifact = define("Artifact");
/** Type guard: is `input` a valid Artifact (default mode, or `{ mode: "strict" }`)? Never throws. */
export const isArtifact = createSessionGuard(validateArtifact);
/** Throws a ValidationError listing every issue unless `input` is a valid Artifact (default mode, or `{ mode: "strict" }`). */
export const assertArtifact: SessionAssert<T.Artifact, S.Artifact> = createSessionAssert(validateArtifact);

/** Validates a session-family CreateSessionRequest (A2A Protocol JSON Specification): default mode tolerates unknown properties, `{ mode: "strict" }` rejects them. Never throws: returns a ValidationResult with every issue. */
export const validateCreateSessionRequest = define("CreateSessionRequest");
/** Type guard: is `input` a valid CreateSessionRequest (default mode, or `{ mode: "strict" }`)? Never throws. */
export const isCreateSessionRequest = createSessionGuard(validateCreateSessionRequest);
/** Throws a ValidationError listing every issue unless `input` is a valid CreateSessionRequest (default mode, or `{ mode: "strict" }`). */
export const assertCreateSessionRequest: SessionAssert<T.CreateSessionRequest, S.CreateSessionRequest> = createSessionAssert(validateCreateSessionRequest);

/** Validates a session-family CreateSessionResponse (A2A Protocol JSON Specification): default mode tolerates unknown properties, `{ mode: "strict" }` rejects them. Never throws: returns a ValidationResult with every issue. */
export const validateCreateSessionResponse = define("CreateSessionResponse");
/** Type guard: is `input` a valid CreateSessionResponse (default mode, or `{ mode: "strict" }`)? Never throws. */
export const isCreateSessionResponse = createSessionGuard(validateCreateSessionResponse);
/** Throws a ValidationError listing every issue unless `input` is a valid CreateSessionResponse (default mode, or `{ mode: "strict" }`). */
export const assertCreateSessionResponse: SessionAssert<T.CreateSessionResponse, S.CreateSessionResponse> = createSessionAssert(validateCreateSessionResponse);

/** Validates a session-family SendMessageRequest (A2A Protocol JSON Specification): default mode tolerates unknown properties, `{ mode: "strict" }` rejects them. Never throws: returns a ValidationResult with every issue. */
export const validateSendMessageRequest = define("SendMessageRequest");
/** Type guard: is `input` a valid SendMessageRequest (default mode, or `{ mode: "strict" }`)? Never throws. */
export const isSendMessageRequest = createSessionGuard(validateSendMessageRequest);
/** Throws a ValidationError listing every issue unless `input` is a valid SendMessageRequest (default mode, or `{ mode: "strict" }`). */
export const assertSendMessageRequest: SessionAssert<T.SendMessageRequest, S.SendMessageRequest> = createSessionAssert(validateSendMessageRequest);

/** Validates a session-family SendMessageResponse (A2A Protocol JSON Specification): default mode tolerates unknown properties, `{ mode: "strict" }` rejects them. Never throws: returns a ValidationResult with every issue. */
export const validateSendMessageResponse = define("SendMessageResponse");
/** Type guard: is `input` a valid SendMessageResponse (default mode, or `{ mode: "strict" }`)? Never throws. */
export const isSendMessageResponse = createSessionGuard(validateSendMessageResponse);
/** Throws a ValidationError listing every issue unless `input` is a valid SendMessageResponse (default mode, or `{ mode: "strict" }`). */
export const assertSendMessageResponse: SessionAssert<T.SendMessageResponse, S.SendMessageResponse> = createSessionAssert(validateSendMessageResponse);

/** Validates a session-family GetSessionMessagesResponse (A2A Protocol JSON Specification): default mode tolerates unknown properties, `{ mode: "strict" }` rejects them. Never throws: returns a ValidationResult with every issue. */
export const validateGetSessionMessagesResponse = define("GetSessionMessagesResponse");
/** Type guard: is `input` a valid GetSessionMessagesResponse (default mode, or `{ mode: "strict" }`)? Never throws. */
export const isGetSessionMessagesResponse = createSessionGuard(validateGetSessionMessagesResponse);
/** Throws a ValidationError listing every issue unless `input` is a valid GetSessionMessagesResponse (default mode, or `{ mode: "strict" }`). */
export const assertGetSessionMessagesResponse: SessionAssert<T.GetSessionMessagesResponse, S.GetSessionMessagesResponse> = createSessionAssert(
  validateGetSessionMessagesResponse,
);

/** Validates a session-family ErrorResponse (A2A Protocol JSON Specification): default mode tolerates unknown properties, `{ mode: "strict" }` rejects them. Never throws: returns a ValidationResult with every issue. */
export const validateErrorResponse = define("ErrorResponse");
/** Type guard: is `input` a valid ErrorResponse (default mode, or `{ mode: "strict" }`)? Never throws. */
export const isErrorResponse = createSessionGuard(validateErrorResponse);
/** Throws a ValidationError listing every issue unless `input` is a valid ErrorResponse (default mode, or `{ mode: "strict" }`). */
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

/** The name of a session-family type that has a validator: "AgentCard", "Session", "Message", ... */
export type SessionTypeName = keyof typeof SESSION_VALIDATORS;
