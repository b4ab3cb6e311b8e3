/**
 * `a2a-schemas/extensions/object-schemas`: the "Input/output schemas" extension
 * (its URI is OBJECT_SCHEMAS_EXTENSION_URI). An agent card declares named JSON
 * Schemas under a root `schemas` key; data parts flagged
 * `application/json;schema=<name>` must match them.
 *
 * Unlike every other entry, this one compiles schemas at run time (they come
 * from other agents' cards), so it needs an environment that allows code
 * generation (no CSP without 'unsafe-eval', not a Cloudflare Worker). Every
 * function here returns issues (or undefined) and never throws, whatever its
 * input does (throwing getters, Proxy traps, revoked proxies, cycles), and
 * none writes to its input.
 */
import { describeValue, makeIssue, type PathSegment, type ValidationIssue } from "../../core/issue.js";
import type { ValidationResult } from "../../core/result.js";
import { capIssues, withStandard } from "../../core/validator.js";
import { compileBudget, DEFAULT_LIMITS, isStackOverflow, SchemaCache, validateData, type CompiledSchema, type SchemaLimits } from "./compile.js";

export { DEFAULT_LIMITS, SchemaCache, patternProblem, type SchemaLimits, type Draft } from "./compile.js";
export type { ValidationIssue, ValidationResult } from "../../core/index.js";

import { OBJECT_SCHEMAS_EXTENSION_URI, declaresObjectSchemas, declaresOrThrows } from "./declaration.js";
export { OBJECT_SCHEMAS_EXTENSION_URI, declaresObjectSchemas };

const MODE = /^application\/json[ \t]*;[ \t]*schema=(.+)$/i;
const MAX_MODE_LENGTH = 1024;
const has = Object.prototype.hasOwnProperty;

/**
 * The schema name of an `application/json;schema=<name>` mode, else undefined.
 * Media type and parameter names are case-insensitive and may have spaces after
 * the `;`; the name is kept exactly (a quoted name is unquoted).
 */
export function schemaNameOfMode(mode: unknown): string | undefined {
  if (typeof mode !== "string" || mode.length > MAX_MODE_LENGTH) return undefined;
  const m = MODE.exec(mode);
  if (m === null) return undefined;
  const raw = m[1]!.trim();
  const name = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  return name === "" ? undefined : name;
}

/** The mode string for a schema name. Never throws: a name that cannot be turned into a string gives a mode that names no schema. */
export function modeForSchema(name: string): string {
  try {
    return `application/json;schema=${typeof name === "string" ? name : String(name)}`;
  } catch {
    return "application/json;schema=";
  }
}

function own(o: unknown, key: string): unknown {
  return o !== null && typeof o === "object" && !Array.isArray(o) && has.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}


/** The declared schemas: the card's `schemas` map when the extension is declared, else an empty map. */
function declared(card: unknown): Record<string, unknown> {
  const s = own(card, "schemas");
  return declaresOrThrows(card) && isObject(s) ? s : {};
}

/** Options shared by the object-schemas checks: limits for untrusted schemas and data, and the compiled-schema cache. */
export interface ObjectSchemasOptions {
  /** Limits for untrusted schemas and data; defaults to DEFAULT_LIMITS. */
  readonly limits?: Partial<SchemaLimits>;
  /** The compiled-schema cache; by default one shared, bounded cache per set of limits. */
  readonly cache?: SchemaCache;
}

/** Options of `validateObjectSchemasCard`: the shared options, and how to validate the rest of the card. */
export interface CardOptions extends ObjectSchemasOptions {
  /**
   * Validates the rest of the card, e.g. `validateAgentCard` from
   * `a2a-schemas/v1` with strict mode. It receives a copy without `schemas`
   * when the extension is declared, so a strict card validator does not flag it.
   */
  readonly validateCard?: (card: unknown) => ValidationResult<unknown>;
}

const caches = new Map<string, SchemaCache>();

function cacheFor(o: ObjectSchemasOptions | undefined): SchemaCache {
  if (o?.cache) return o.cache;
  const limits = { ...DEFAULT_LIMITS, ...o?.limits };
  const key = JSON.stringify(limits);
  let c = caches.get(key);
  if (!c) {
    // A handful of option sets at most in practice; keep it bounded regardless.
    if (caches.size >= 8) caches.delete(caches.keys().next().value as string);
    caches.set(key, (c = new SchemaCache(limits)));
  }
  return c;
}

function guarded<T>(f: () => T, onError: (issue: ValidationIssue) => T): T {
  try {
    return f();
  } catch (err) {
    const why = isStackOverflow(err) ? "it is nested too deeply" : "reading it failed";
    return onError(makeIssue([], "invalid", `input could not be checked: ${why}`));
  }
}

function warning(path: readonly PathSegment[], code: "required" | "enum", message: string, hint?: string): ValidationIssue {
  return makeIssue(path, code, message, { severity: "warning", ...(hint ? { hint } : {}) });
}

function modeListIssues(out: ValidationIssue[], list: unknown, path: readonly PathSegment[], names: readonly string[], input: boolean): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) {
    const got = describeValue(list);
    out.push(makeIssue(path, "type", `must be an array of media types, got ${got}`, { expected: "an array", received: got }));
    return;
  }
  let offersSchema = false;
  list.forEach((mode, i) => {
    const name = schemaNameOfMode(mode);
    if (name === undefined) return;
    offersSchema = true;
    if (!names.includes(name)) {
      const allowed = names.map(modeForSchema);
      out.push(
        makeIssue([...path, i], "enum", `names schema ${JSON.stringify(name)}, which the card does not declare in schemas${names.length ? ` (declared: ${names.map((n) => JSON.stringify(n)).join(", ")})` : ""}`, {
          allowed,
          received: describeValue(mode),
        }),
      );
    }
  });
  if (input && offersSchema && !list.some((m) => typeof m === "string" && m.trim().toLowerCase() === "text/plain")) {
    out.push(warning(path, "required", "offers a schema without text/plain; the input/output-schemas extension highly recommends keeping plain-text input possible", 'add "text/plain" to this list'));
  }
}

/**
 * Checks an agent card that uses the extension: the declaration, the `schemas`
 * map (each a valid, safe JSON Schema), every schema mode naming a declared
 * schema, and (as warnings) input modes that offer a schema without text/plain.
 * Warnings carry `severity: "warning"` and never make the result fail.
 */
export const validateObjectSchemasCard = withStandard(function validateObjectSchemasCard(card: unknown, options: CardOptions = {}): ValidationResult<Record<string, unknown>> {
  return guarded<ValidationResult<Record<string, unknown>>>(
    () => {
      if (!isObject(card)) {
        const got = describeValue(card);
        return { ok: false, issues: [makeIssue([], "type", `must be an agent card object, got ${got}`, { expected: "an object", received: got })] };
      }
      const out: ValidationIssue[] = [];
      const isDeclared = declaresOrThrows(card);
      const hasSchemas = has.call(card, "schemas");
      const schemas = own(card, "schemas");
      if (options.validateCard) {
        const { schemas: _dropped, ...rest } = card;
        const r = options.validateCard(hasSchemas ? rest : card);
        if (!r.ok) out.push(...r.issues);
        else if (r.warnings) out.push(...r.warnings);
      }
      let names: string[] = [];
      if (hasSchemas && !isDeclared) {
        out.push(
          makeIssue(["schemas"], "unknown_property", `unknown property "schemas" is not allowed: it belongs to the object-schemas extension, which capabilities.extensions does not declare`, {
            property: "schemas",
            hint: `add { "uri": "${OBJECT_SCHEMAS_EXTENSION_URI}" } to capabilities.extensions`,
          }),
        );
      } else if (hasSchemas) {
        if (!isObject(schemas)) {
          const got = describeValue(schemas);
          out.push(makeIssue(["schemas"], "type", `must be an object mapping schema names to JSON Schemas, got ${got}`, { expected: "an object", received: got }));
        } else {
          names = Object.keys(schemas);
          const cache = cacheFor(options);
          const max = cache.limits.maxSchemasPerCard;
          if (names.length > max) {
            // Refused before any is read: each costs a compile.
            out.push(makeIssue(["schemas"], "too_large", `declares ${names.length} schemas; at most ${max} are checked (maxSchemasPerCard)`, { expected: `at most ${max} schemas`, received: `${names.length} schemas` }));
          } else {
            const budget = compileBudget(cache.limits);
            for (const name of names) {
              const r = cache.compile(schemas[name], ["schemas", name], budget);
              if (!r.ok) out.push(...r.issues);
            }
          }
        }
      }
      modeListIssues(out, own(card, "defaultInputModes"), ["defaultInputModes"], names, true);
      modeListIssues(out, own(card, "defaultOutputModes"), ["defaultOutputModes"], names, false);
      const skills = own(card, "skills");
      if (Array.isArray(skills)) {
        skills.forEach((skill, i) => {
          modeListIssues(out, own(skill, "inputModes"), ["skills", i, "inputModes"], names, true);
          modeListIssues(out, own(skill, "outputModes"), ["skills", i, "outputModes"], names, false);
        });
      }
      const errors = out.filter((i) => i.severity !== "warning");
      const warnings = out.filter((i) => i.severity === "warning");
      if (errors.length > 0) return { ok: false, issues: capIssues([...errors, ...warnings]) };
      return warnings.length > 0 ? { ok: true, value: card, warnings: capIssues(warnings) } : { ok: true, value: card };
    },
    (issue) => ({ ok: false, issues: [issue] }),
  );
});

/** Where a part says which schema it follows. */
export type FlagSource = "metadata.mimeType" | "mediaType";

/** A part flagged `application/json;schema=<name>`: where it is, the schema it names and its data. */
export interface FlaggedPart {
  /** Index of the part in `parts`. */
  readonly partIndex: number;
  /** The schema the flag names. */
  readonly schemaName: string;
  /** The part's data. */
  readonly data: unknown;
  /** The field that carried the `application/json;schema=<name>` flag. */
  readonly flaggedBy: FlagSource;
}

/**
 * A part flagged for special processing: a data part (v0.3 `kind: "data"`, or
 * a v1 part with a `data` member and no other `kind`) whose `metadata.mimeType`
 * (or v1 `mediaType`) is `application/json;schema=<name>`.
 */
export function flaggedPart(part: unknown, partIndex: number): FlaggedPart | undefined {
  try {
    return flagOf(part, partIndex);
  } catch {
    // A part that cannot be read (a throwing getter, a revoked proxy) is not flagged.
    return undefined;
  }
}

function flagOf(part: unknown, partIndex: number): FlaggedPart | undefined {
  if (!isObject(part) || !has.call(part, "data")) return undefined;
  if (has.call(part, "kind") && part.kind !== "data") return undefined;
  const meta = schemaNameOfMode(own(own(part, "metadata"), "mimeType"));
  if (meta !== undefined) return { partIndex, schemaName: meta, data: part.data, flaggedBy: "metadata.mimeType" };
  const media = schemaNameOfMode(own(part, "mediaType"));
  if (media !== undefined) return { partIndex, schemaName: media, data: part.data, flaggedBy: "mediaType" };
  return undefined;
}

function flagPath(f: FlaggedPart): PathSegment[] {
  return f.flaggedBy === "mediaType" ? ["parts", f.partIndex, "mediaType"] : ["parts", f.partIndex, "metadata", "mimeType"];
}

/** An outcome about one flagged part that did not become input. */
export interface PartOutcome<K extends string> {
  /** The outcome. */
  readonly kind: K;
  /** The schema the part names. */
  readonly schemaName: string;
  /** Index of the part in the message's `parts`. */
  readonly partIndex: number;
  /** Why, as issues. */
  readonly issues: readonly ValidationIssue[];
}

/** Section 3 of the "Input/output schemas" extension, as an outcome an agent can act on. */
export type StructuredInput =
  /** No flagged part: the response is up to the implementation. */
  | {
      /** The outcome. */
      readonly kind: "none";
    }
  /** The first flagged part matches its declared schema: run a task on this input. */
  | {
      /** The outcome. */
      readonly kind: "input";
      /** The schema the part names. */
      readonly schemaName: string;
      /** The part's data, valid against that schema. */
      readonly data: unknown;
      /** Index of the part in the message's `parts`. */
      readonly partIndex: number;
    }
  /** Structured input error: the schema name is not declared (or the card does not declare the extension). */
  | PartOutcome<"undeclared_schema">
  /** Structured input error: the declared schema cannot be used (unsafe, too large, not a JSON Schema). */
  | PartOutcome<"unusable_schema">
  /** Structured input error: the data does not match the schema (the issues say where). */
  | PartOutcome<"invalid_data">
  /** A flagged part on a message for an existing task: reject, a task is already running. `cause` is what the part would have been. */
  | (PartOutcome<"task_running"> & {
      /** What the part would have been without a running task. */
      readonly cause: Exclude<StructuredInput, { kind: "none" } | { kind: "task_running" } | { kind: "unreadable" }>;
    })
  /** The message could not be read (not an object, parts not an array, a throwing getter). */
  | {
      /** The outcome. */
      readonly kind: "unreadable";
      /** Why, as issues. */
      readonly issues: readonly ValidationIssue[];
    };

/** Options of `resolveStructuredInput`: the shared options, and whether the message belongs to an existing task. */
export interface ResolveOptions extends ObjectSchemasOptions {
  /** True when the message belongs to a task that already exists. */
  readonly hasTask: boolean;
}

function checkAgainst(card: unknown, f: FlaggedPart, options: ObjectSchemasOptions): StructuredInput {
  const schemas = declared(card);
  const base = { schemaName: f.schemaName, partIndex: f.partIndex };
  if (!has.call(schemas, f.schemaName)) {
    const names = Object.keys(schemas);
    const why = declaresOrThrows(card)
      ? `names schema ${JSON.stringify(f.schemaName)}, which the agent card does not declare${names.length ? ` (declared: ${names.map((n) => JSON.stringify(n)).join(", ")})` : ""}`
      : `names schema ${JSON.stringify(f.schemaName)}, but the agent card does not declare the object-schemas extension`;
    return { kind: "undeclared_schema", ...base, issues: [makeIssue(flagPath(f), "enum", why, { allowed: names.map(modeForSchema) })] };
  }
  const cache = cacheFor(options);
  const compiled = cache.compile(schemas[f.schemaName], ["schemas", f.schemaName]);
  if (!compiled.ok) {
    return {
      kind: "unusable_schema",
      ...base,
      issues: [makeIssue(flagPath(f), "invalid", `names schema ${JSON.stringify(f.schemaName)}, which cannot be used: ${compiled.issues.map((i) => `${i.pointer} ${i.message}`).join("; ")}`)],
    };
  }
  const issues = validateData(compiled as CompiledSchema, f.data, ["parts", f.partIndex, "data"], cache.limits);
  return issues.length > 0 ? { kind: "invalid_data", ...base, issues } : { kind: "input", ...base, data: f.data };
}

/**
 * The extension's section 3: finds the first flagged part of a user message (the
 * rest are ignored), checks it against the card's declared schema, and says
 * what the agent must do. Issue paths are relative to the message.
 */
export function resolveStructuredInput(card: unknown, message: unknown, options: ResolveOptions): StructuredInput {
  return guarded<StructuredInput>(
    () => {
      const parts = own(message, "parts");
      if (!isObject(message) || !Array.isArray(parts)) {
        const issue = !isObject(message)
          ? makeIssue([], "type", `must be a message object, got ${describeValue(message)}`)
          : makeIssue(has.call(message, "parts") ? ["parts"] : [], has.call(message, "parts") ? "type" : "required", has.call(message, "parts") ? "must be an array of parts" : 'missing required property "parts"', { property: "parts" });
        return { kind: "unreadable", issues: [issue] };
      }
      let flagged: FlaggedPart | undefined;
      for (let i = 0; i < parts.length && flagged === undefined; i++) flagged = flagOf(parts[i], i);
      if (flagged === undefined) return { kind: "none" };
      const outcome = checkAgainst(card, flagged, options);
      if (options?.hasTask !== true) return outcome;
      const cause = outcome as Extract<StructuredInput, { kind: "input" | "undeclared_schema" | "unusable_schema" | "invalid_data" }>;
      const running = makeIssue(["parts", flagged.partIndex], "not_allowed", "is structured input for a message on an existing task: the data is rejected because a task is already running");
      return { kind: "task_running", schemaName: flagged.schemaName, partIndex: flagged.partIndex, issues: [running, ...("issues" in cause ? cause.issues : [])], cause };
    },
    (issue) => ({ kind: "unreadable", issues: [issue] }),
  );
}

/** One flagged artifact part of a task and whether its data matches the schema it names. */
export interface CheckedOutputPart {
  /** Index of the artifact in the task's `artifacts`. */
  readonly artifactIndex: number;
  /** Index of the part in the artifact's `parts`. */
  readonly partIndex: number;
  /** The schema the part names. */
  readonly schemaName: string;
  /** True when the data matches that schema. */
  readonly ok: boolean;
}

/** What `checkStructuredOutput` found in a task's artifacts. */
export interface StructuredOutputReport {
  /** False when a part that names a declared schema fails it (or the task cannot be read). */
  readonly ok: boolean;
  /** Errors, and warnings (`severity: "warning"`) for parts that name an undeclared schema. Paths are relative to the task. */
  readonly issues: readonly ValidationIssue[];
  /** Every flagged artifact part, in order. */
  readonly parts: readonly CheckedOutputPart[];
}

/**
 * The extension's section 4: validates every artifact data part of a task that names
 * a declared schema. A part naming an undeclared schema is a warning: the extension
 * only asks that declared schemas describe their parts.
 */
export function checkStructuredOutput(card: unknown, task: unknown, options: ObjectSchemasOptions = {}): StructuredOutputReport {
  return guarded<StructuredOutputReport>(
    () => {
      const artifacts = own(task, "artifacts");
      if (!isObject(task)) return { ok: false, issues: [makeIssue([], "type", `must be a task object, got ${describeValue(task)}`)], parts: [] };
      if (artifacts === undefined) return { ok: true, issues: [], parts: [] };
      if (!Array.isArray(artifacts)) return { ok: false, issues: [makeIssue(["artifacts"], "type", "must be an array of artifacts")], parts: [] };
      const schemas = declared(card);
      const cache = cacheFor(options);
      const budget = compileBudget(cache.limits);
      const issues: ValidationIssue[] = [];
      const checked: CheckedOutputPart[] = [];
      artifacts.forEach((artifact, a) => {
        const parts = own(artifact, "parts");
        if (!Array.isArray(parts)) return;
        parts.forEach((part, p) => {
          const f = flagOf(part, p);
          if (f === undefined) return;
          const at: PathSegment[] = ["artifacts", a, "parts", p];
          if (!has.call(schemas, f.schemaName)) {
            issues.push(warning([...at, ...flagPath(f).slice(2)], "enum", `names schema ${JSON.stringify(f.schemaName)}, which the agent card does not declare, so the data is not checked`));
            return;
          }
          const compiled = cache.compile(schemas[f.schemaName], ["schemas", f.schemaName], budget);
          const found = compiled.ok
            ? validateData(compiled, f.data, [...at, "data"], cache.limits)
            : [makeIssue([...at, ...flagPath(f).slice(2)], "invalid", `names schema ${JSON.stringify(f.schemaName)}, which cannot be used: ${compiled.issues.map((i) => i.message).join("; ")}`)];
          issues.push(...found);
          checked.push({ artifactIndex: a, partIndex: p, schemaName: f.schemaName, ok: found.length === 0 });
        });
      });
      // Errors first, so the cap can only cut warnings when there are errors to show.
      const ok = !issues.some((i) => i.severity !== "warning");
      const ordered = ok ? issues : [...issues.filter((i) => i.severity !== "warning"), ...issues.filter((i) => i.severity === "warning")];
      return { ok, issues: capIssues(ordered), parts: checked };
    },
    (issue) => ({ ok: false, issues: [issue], parts: [] }),
  );
}
