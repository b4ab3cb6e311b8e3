/**
 * The v1 reading of Zod issues (see src/core/zod-issues.ts): oneof wording,
 * the engine's refinement and hints. Apart from the core so that the legacy
 * and session Zod entries do not load the v1 engine.
 */
import * as meta10 from "../generated/v1/meta.js";
import * as meta2026 from "../generated/v1/2026-02-17/meta.js";
import { refineFailure } from "./engine.js";
import { makeModel, type Model, type RevisionMeta } from "./schema-walk.js";
import { ajvError, generic, isObject, own, requiredAt, valueAt, zodIssues, type Mapped, type ZodErrorLike, type ZodIssue, type ZodIssueOptions, type ZodIssueSite } from "../core/zod-issues.js";
import type { ValidationIssue } from "../core/issue.js";

function v1Map(model: Model, type: string | undefined): (site: ZodIssueSite) => Mapped {
  const enums = Object.values(model.meta.ENUMS as Record<string, readonly string[]>);
  /** The value is the zero value of the enum the accepted values come from (which the field refuses). */
  const isZeroOf = (value: string, values: readonly unknown[]) => enums.some((e) => e[0] === value && values.every((v) => e.includes(v as string)));
  return (site) => {
    const { issue, path, value } = site;
    if (issue.code === "invalid_type" && issue.expected === "object" && value !== undefined && !isObject(value) && type !== undefined) {
      // A oneof's alternatives only require their member of an object: on anything else the first two pass (Ajv stops there).
      const at = model.typeAt(type, path);
      const members = at !== undefined ? model.meta.ONEOFS[at as keyof typeof model.meta.ONEOFS]?.members : undefined;
      if (members && members.length > 1) return { errors: [ajvError(path, "type", { type: "object" }), ajvError(path, "oneOf", { passingSchemas: [0, 1] }, "#/oneOf")] };
    }
    if (issue.code === "invalid_value" && typeof value === "string" && !issue.values.includes(value) && isZeroOf(value, issue.values)) {
      // A REQUIRED enum at its zero value: the schema's `not: { const: <zero> }` beside the field.
      const key = String(path[path.length - 1]);
      return { errors: [ajvError(path, "not", {}, `#/properties/${key}/not`)] };
    }
    return undefined;
  };
}

/** For a oneof (a union of objects, one per member): the branch of the one member set, or the whole oneof. */
function v1Union(model: Model, type: string | undefined): ZodIssueOptions["union"] {
  return (site, branches) => {
    const o = isObject(site.value) ? site.value : undefined;
    const at = type !== undefined ? model.typeAt(type, site.path) : undefined;
    const members = at !== undefined ? model.meta.ONEOFS[at as keyof typeof model.meta.ONEOFS]?.members : undefined;
    if (!o || !members) return undefined;
    // Strict mode: a member counts under its JSON name only (the proto name is an unknown property).
    const set = members.map(([json], i) => (own.call(o, json) ? i : -1)).filter((i) => i >= 0);
    const names = new Set(members.map(([json]) => json));
    /** The branch of a member: the one whose issues neither refuse it (never) nor miss it. */
    const branchOf = (name: string) =>
      branches.findIndex((b) => !b.some((i) => i.path.length === 1 && i.path[0] === name && i.code === "invalid_type" && (i.expected === "never" || valueAt(o, [name]) === undefined)));
    if (set.length === 1) {
      const idx = branchOf(members[set[0]!]![0]);
      if (idx >= 0) return idx;
    }
    // One issue on the oneof; beside it what every branch says of the other fields, and each set member's own issues.
    const keyOf = (i: ZodIssue) => JSON.stringify([i.code, i.path, i.message, (i as { keys?: unknown }).keys]);
    const common = branches[0]!.filter((i) => !names.has(String(i.path[0])) && branches.every((b) => b.some((j) => keyOf(j) === keyOf(i))));
    const mine = set.flatMap((m) => {
      const name = members[m]![0];
      const idx = branchOf(name);
      return idx >= 0 ? branches[idx]!.filter((i) => i.path[0] === name) : [];
    });
    return { whole: [...common, ...mine] };
  };
}

/** Before the rewording: a missing oneof member (a required error) gets the oneof's schema path, so that refineIssues words it as the oneof, as for the validators. */
function v1OneofRequired(model: Model, type: string, issues: ValidationIssue[]): ValidationIssue[] {
  return issues.map((i) => {
    if (i.code !== "required" || i.property === undefined) return i;
    const at = model.typeAt(type, i.path);
    const members = at !== undefined ? model.meta.ONEOFS[at as keyof typeof model.meta.ONEOFS]?.members : undefined;
    if (!members || !members.some(([json]) => json === i.property)) return i;
    return { ...i, schemaPath: "#/oneOf" };
  });
}

const models = new Map<RevisionMeta, Model>();
function modelOf(m: RevisionMeta): Model {
  let model = models.get(m);
  if (!model) models.set(m, (model = makeModel(m)));
  return model;
}

function v1Options(model: Model, type: string | undefined): ZodIssueOptions {
  const known = type !== undefined && model.isMessageName(type);
  return {
    map: v1Map(model, known ? type : undefined),
    union: v1Union(model, known ? type : undefined),
    wholeUnion: (site) => ajvError(site.path, "oneOf", { passingSchemas: null }, "#/oneOf"),
    ...(known ? { finish: (issues: ValidationIssue[], input: unknown) => refineFailure(model, type, input, v1OneofRequired(model, type, issues), false) } : {}),
  };
}

/** The same mapping for any v1 revision: `type` names the message that was parsed (for its rewording and hints). */
function v1IssuesFromZod(m: RevisionMeta, error: ZodErrorLike | undefined, input: unknown, type?: string): ValidationIssue[] {
  const model = modelOf(m);
  return zodIssues(error, input, v1Options(model, type));
}

/**
 * The v1.0 reading of a Zod error of the models of `a2a-schemas/v1/zod`: the library's issues, as
 * `validateX(input).issues` (strict mode) gives them. `type` is the message name of the model
 * (`"Task"` for TaskSchema): with it the issues are worded in v1 terms (oneofs, REQUIRED enums)
 * and carry the validators' hints; without it they are the generic reading.
 */
export function v1IssuesFromZod10(error: ZodErrorLike | undefined, input: unknown, type?: meta10.MessageName): ValidationIssue[] {
  return v1IssuesFromZod(meta10 as unknown as RevisionMeta, error, input, type);
}

/** As {@link v1IssuesFromZod10}, for the models of `a2a-schemas/v1/2026-02-17/zod` (revision 2026-02-17). */
export function v1IssuesFromZod2026(error: ZodErrorLike | undefined, input: unknown, type?: meta2026.MessageName): ValidationIssue[] {
  return v1IssuesFromZod(meta2026 as unknown as RevisionMeta, error, input, type);
}
