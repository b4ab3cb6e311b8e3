/**
 * Builders check their arguments before they build, and name the arguments in what they report
 * (issue 22, point 5): `createTask({ status: { state } })` from JavaScript is "argument "state" is
 * missing; did you mean status.state?", not an issue about the task's `/status`. Knows no family:
 * each builder describes its arguments (a BuilderSpec) and runs its body through `withArguments`.
 */
import { isPlainObject, nearName, whereNested } from "./argument-search.js";
import { describeValue, makeIssue, type PathSegment, type ValidationIssue } from "./issue.js";
import { argumentMessages as say } from "./messages.js";
import { MAX_ISSUES } from "./result.js";
import { build, capIssues, isValidationError, tooMany, ValidationError } from "./validator.js";

/** One named argument: a positional one, or a member of an options object. */
export interface ArgumentSpec {
  /** As the caller writes it: `state`, `senderId`. */
  readonly name: string;
  /** Must be given, and not as undefined. */
  readonly required?: boolean;
  /** Where the value lands in the built value: an issue there (or under it) names this argument. */
  readonly at?: readonly PathSegment[];
}

/** A positional argument; with `members`, an options object whose members are arguments too. */
export interface ParamSpec extends ArgumentSpec {
  /** The builder reads into it: anything but an object is reported (an options object always is). */
  readonly object?: boolean;
  /** The options object's members. */
  readonly members?: readonly ArgumentSpec[];
  /** Exactly one of these two members must be given. */
  readonly exactlyOne?: readonly [string, string];
  /** Advice when this argument has the wrong type, e.g. where an argument moved. */
  readonly hint?: string;
}

/** A builder's arguments, in order. */
export interface BuilderSpec {
  /** The builder's name: `createTask`. */
  readonly name: string;
  /** Its positional arguments. */
  readonly params: readonly ParamSpec[];
}

/** An optional argument that lands at `at` (by default, a member of the built value of the same name). */
export function arg(name: string, at: readonly PathSegment[] = [name]): ArgumentSpec {
  return { name, at };
}

/** A required argument that lands at `at` (by default, a member of the built value of the same name). */
export function required(name: string, at: readonly PathSegment[] = [name]): ArgumentSpec {
  return { name, required: true, at };
}

const given = (o: Record<string, unknown>, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;

/** The issues of an options object's members: missing ones (with a did-you-mean), unknown ones, exactly-one pairs. */
function memberIssues(fn: string, p: ParamSpec, o: Record<string, unknown>): ValidationIssue[] {
  const members = p.members ?? [];
  const known = new Set(members.map((m) => m.name));
  const keys = Object.keys(o).filter((k) => o[k] !== undefined);
  const unknown = keys.filter((k) => !known.has(k));
  const explained = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const m of members) {
    if (!m.required || given(o, m.name)) continue;
    // One cause, one issue: the member given elsewhere (nested, or under a near name) explains both.
    const nested = whereNested(o, m.name, unknown);
    const near = nested === undefined ? nearName(m.name, unknown) : undefined;
    const found = nested?.join(".") ?? near;
    if (nested !== undefined) explained.add(String(nested[0]));
    if (near !== undefined) explained.add(near);
    issues.push(makeIssue([m.name], "required", say.missing(fn, m.name, found), { property: m.name, ...(found !== undefined ? { received: found } : {}) }));
  }
  if (p.exactlyOne !== undefined) {
    const [a, b] = p.exactlyOne;
    const n = Number(given(o, a)) + Number(given(o, b));
    if (n !== 1) issues.push(makeIssue([], "no_match", say.exactlyOne(fn, a, b, n === 0 ? "neither" : "both"), { allowed: [a, b] }));
  }
  const stray = unknown.filter((k) => !explained.has(k));
  // A list past the cap is counted, not built: a million stray keys cost one pass, not a million searches.
  const room = Math.max(0, MAX_ISSUES - issues.length);
  for (const k of stray.slice(0, room)) {
    const near = nearName(k, [...known]);
    issues.push(makeIssue([k], "unknown_property", say.unknown(fn, k, near), { property: k, ...(near !== undefined ? { hint: say.rename(k, near) } : {}) }));
  }
  if (stray.length > room) issues.push(tooMany(issues.length, issues.length + stray.length - room));
  return issues;
}

/** The issues of a builder's arguments, before it builds: the caller's mistakes, named as the caller wrote them. */
export function argumentIssues(spec: BuilderSpec, args: readonly unknown[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  spec.params.forEach((p, i) => {
    const v = args[i];
    if (v === undefined) {
      if (p.required) issues.push(makeIssue([p.name], "required", say.missing(spec.name, p.name, undefined), { property: p.name }));
      return;
    }
    if ((p.object || p.members !== undefined) && !isPlainObject(v)) {
      const got = describeValue(v);
      issues.push(makeIssue([p.name], "type", say.notObject(spec.name, p.name, got), { expected: "an object", received: got, ...(p.hint !== undefined ? { hint: p.hint } : {}) }));
      return;
    }
    if (p.members !== undefined) issues.push(...memberIssues(spec.name, p, v as Record<string, unknown>));
  });
  return issues;
}

/** The argument an issue of the built value is about: the given one whose `at` is the longest start of its path. */
function owner(spec: BuilderSpec, args: readonly unknown[], path: readonly PathSegment[]): { name: string; at: readonly PathSegment[] } | undefined {
  let best: { name: string; at: readonly PathSegment[] } | undefined;
  const consider = (name: string, at: readonly PathSegment[] | undefined) => {
    if (at === undefined || at.length > path.length || (best !== undefined && best.at.length >= at.length)) return;
    if (at.every((s, i) => s === path[i])) best = { name, at };
  };
  spec.params.forEach((p, i) => {
    const v = args[i];
    if (v === undefined) return;
    consider(p.name, p.at);
    if (p.members === undefined || !isPlainObject(v)) return;
    const o = v as Record<string, unknown>;
    for (const m of p.members) if (given(o, m.name)) consider(m.name, m.at);
  });
  return best;
}

/**
 * Issues of the built value, renamed for the caller: one under a given argument's `at` gets that
 * argument's path and says so; one about a default the builder filled in is left as it is.
 */
export function namedIssues(spec: BuilderSpec, args: readonly unknown[], issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.map((issue) => {
    const o = owner(spec, args, issue.path);
    if (o === undefined) return issue;
    const path = [o.name, ...issue.path.slice(o.at.length)];
    const { path: _p, pointer: _q, code, message, ...extra } = issue;
    return makeIssue(path, code, say.about(spec.name, path, message), extra);
  });
}

/**
 * Runs a builder: its arguments checked first (a ValidationError of argument issues), then its
 * body, whose ValidationError names the arguments (namedIssues). `typeName` is what it builds.
 */
export function withArguments<T>(spec: BuilderSpec, typeName: string, args: readonly unknown[], body: () => T): T {
  return build(typeName, () => {
    const issues = argumentIssues(spec, args);
    if (issues.length > 0) throw new ValidationError(typeName, capIssues(issues));
    try {
      return body();
    } catch (err) {
      if (!isValidationError(err)) throw err;
      throw new ValidationError(err.typeName, namedIssues(spec, args, err.issues));
    }
  });
}
