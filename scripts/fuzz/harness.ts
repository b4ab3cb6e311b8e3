/**
 * The fuzz loop for one family: make input `i` (deterministically), call the
 * functions that read it, judge each outcome, and keep mergeable statistics.
 * Shared by the CLI's workers and the vitest smoke run.
 */
import type { ArgCtx, Fn, LoadedFamily, Seed } from "./families.js";
import { HOSTILE_KEYS, PROXIES, fmtBytes, isHarnessThrown, moderateString } from "./hostile.js";
import { changed, expandedBytes, inspect, pollution, pollutionQuick, restorePrototypes, type Inspection } from "./inspect.js";
import { mutate, type Mutated } from "./mutate.js";
import { rngFor, type Rng } from "./rng.js";
import { firstDifference } from "./same-value.js";
import { issueListProblem } from "./shapes.js";

export interface HarnessOptions {
  readonly seed: number;
  /** Per-call budget for inputs of at most `budgetMaxBytes`. */
  readonly timeBudgetMs: number;
  readonly budgetMaxBytes: number;
  /** Share of inputs that also carry one huge value. */
  readonly heavyRate: number;
  /** Functions called per input besides the seed's own group, drawn from every function of the family. */
  readonly rotation: number;
  /** Shared with the parent: [input index, call index, tick, function index], for the hang watchdog. */
  readonly heartbeat?: Int32Array;
}

export const DEFAULT_OPTIONS: Omit<HarnessOptions, "seed"> = {
  timeBudgetMs: 50,
  budgetMaxBytes: 1024 * 1024,
  heavyRate: 0.0005,
  rotation: 2,
};

export type Category = "throw" | "wrong-shape" | "mutation" | "pollution" | "disagreement" | "inconsistent" | "hang" | "crash";

export interface Example {
  readonly index: number;
  readonly seed: string;
  readonly input: string;
  readonly bytes: number;
  readonly detail: string;
  /** The input as JSON (short ones only), to paste into a test. */
  readonly json?: string;
}

export interface Finding {
  readonly category: Category;
  readonly family: string;
  readonly fn: string;
  readonly signature: string;
  count: number;
  /** Which mutation kinds the failing inputs carried. */
  readonly kinds: Record<string, number>;
  example: Example;
}

export interface Timing {
  readonly family: string;
  readonly fn: string;
  readonly ms: number;
  readonly bytes: number;
  readonly index: number;
  readonly input: string;
}

export interface FnStats {
  calls: number;
  ms: number;
  maxMs: number;
  throws: number;
  wrongShapes: number;
  mutations: number;
  pollution: number;
  disagreements: number;
  inconsistent: number;
  overBudget: number;
  parity: number;
}

export interface Partial {
  readonly family: string;
  inputs: number;
  calls: number;
  ms: number;
  heavy: number;
  jsonInputs: number;
  parityChecks: number;
  /** Zod comparisons where both accepted, so the values were compared; of them, inputs holding an own `__proto__` member. */
  valueChecks: number;
  protoValueChecks: number;
  harnessErrors: number;
  harnessErrorSample?: string;
  readonly ops: Record<string, number>;
  readonly fns: Record<string, FnStats>;
  readonly findings: Record<string, Finding>;
  slowest: Timing[];
  overBudget: Timing[];
  overBudgetDropped: number;
}

export const MAX_OVER_BUDGET_KEPT = 2000;
const SLOWEST = 10;

export function emptyPartial(family: string): Partial {
  return { family, inputs: 0, calls: 0, ms: 0, heavy: 0, jsonInputs: 0, parityChecks: 0, valueChecks: 0, protoValueChecks: 0, harnessErrors: 0, ops: {}, fns: {}, findings: {}, slowest: [], overBudget: [], overBudgetDropped: 0 };
}

function emptyStats(): FnStats {
  return { calls: 0, ms: 0, maxMs: 0, throws: 0, wrongShapes: 0, mutations: 0, pollution: 0, disagreements: 0, inconsistent: 0, overBudget: 0, parity: 0 };
}

interface Call {
  readonly fn: Fn;
  readonly args: unknown[];
  /** Verdict group (type and mode) for the consistency check; undefined outside the seed's group. */
  readonly vgroup?: string;
}

interface Prepared {
  readonly index: number;
  readonly seed: Seed;
  readonly holder: unknown[];
  readonly m: Mutated;
  readonly snap: Inspection;
  readonly calls: Call[];
  readonly desc: string;
}

interface Outcome {
  threw: boolean;
  error?: unknown;
  result?: unknown;
  ms: number;
  verdict?: boolean;
}

// ---- describing what was thrown ----

interface ValidationErrorLike {
  readonly issues: readonly unknown[];
}

function normalize(s: string): string {
  return s
    .replace(/(operator to search for '[^']*' in ).*$/, "$1…") // the engine appends the value itself, unquoted
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .replace(/\d+/g, "N")
    .slice(0, 160);
}

/** The first stack frame in the library's sources: where to look. */
function libraryFrame(e: unknown): string {
  if (PROXIES.has(e as object) || !(e instanceof Error)) return "";
  const stack = typeof e.stack === "string" ? e.stack : "";
  const m = /\((?:file:\/\/)?[^()]*?\/(src\/[^():]+):(\d+):\d+\)/.exec(stack) ?? /at (?:file:\/\/)?[^ ]*?\/(src\/[^:]+):(\d+):\d+/.exec(stack);
  return m ? ` at ${m[1]}:${m[2]}` : "";
}

// Reading err.stack runs source-map decoration (slow, ~0.5 ms): after 200 throws of one message from one
// function, the frame last found for it is reused (only a regression that throws on most inputs gets there).
const frames = new Map<string, { n: number; frame: string }>();

function cachedFrame(key: string, e: Error): string {
  let f = frames.get(key);
  if (!f || f.n < 200) frames.set(key, (f = { n: (f?.n ?? 0) + 1, frame: libraryFrame(e) }));
  return f.frame;
}

/** What was thrown, in words that group well; the library frame says where. */
export function describeThrow(e: unknown, fn = ""): string {
  if (isHarnessThrown(e)) {
    // The input's own getter or trap threw it; the function let it through.
    const frame = !PROXIES.has(e as object) && e instanceof Error ? cachedFrame(`${fn}|${e.name}: ${e.message}`, e) : "";
    return `let a throw from a getter or proxy trap in the input escape${frame}`;
  }
  if (e instanceof Error) {
    const head = `${e.name}: ${normalize(String(e.message))}`;
    return head + cachedFrame(`${fn}|${head}`, e);
  }
  if (e === null) return "threw null (non-Error)";
  switch (typeof e) {
    case "undefined":
      return "threw undefined (non-Error)";
    case "object":
      return "threw a non-Error object";
    case "symbol":
      return "threw a Symbol (non-Error)";
    default:
      return `threw ${typeof e} ${normalize(String(e))} (non-Error)`;
  }
}

function shortJson(v: unknown, max = 600): string | undefined {
  try {
    const s = JSON.stringify(v);
    return s !== undefined && s.length <= max ? s : undefined;
  } catch {
    return undefined;
  }
}

// ---- the runner ----

export interface Runner {
  readonly family: LoadedFamily;
  /** Runs inputs [start, end) into `into`. */
  run(start: number, end: number, into?: Partial): Partial;
  /** Everything about one input, for `--replay`. */
  replay(index: number): string[];
}

export function createRunner(family: LoadedFamily, options: HarnessOptions): Runner {
  const { timeBudgetMs, budgetMaxBytes, heavyRate, rotation, heartbeat } = options;
  const VE = family.extra.get("ValidationError") as (new (...a: never[]) => ValidationErrorLike) | undefined;
  if (typeof VE !== "function") throw new Error("no ValidationError export found for " + family.name);
  const isValidationError = (e: unknown): e is ValidationErrorLike => e !== null && typeof e === "object" && !PROXIES.has(e) && e instanceof VE;
  const fnIndex = new Map(family.fns.map((f, i) => [f, i]));
  const rotationFns = family.fns.filter((f) => !(f.kind === "builder" && f.seeded));
  const byName = family.fns.filter((f) => f.byName);
  const mutateOptions = { heavyRate, ...(family.slotWeight ? { slotWeight: family.slotWeight } : {}) };
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of family.seedWeights) cumulative.push((acc += w));

  const pickSeed = (rng: Rng): Seed => {
    const x = rng.float() * acc;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return family.seeds[lo]!;
  };

  // One verdict group per validator (by its first type name, whatever alias matched) and mode.
  const vkey = (fn: Fn): string | undefined => (fn.types.length > 0 ? `${fn.entry}|${fn.types[0]}|${fn.verdictMode}` : undefined);
  const groups = new Map<string, { always: Fn[]; other: Fn[]; key: string }>();
  const groupOf = (t: string, primary: boolean, entry: string | undefined) => {
    const id = `${t}|${primary}|${entry}`;
    let g = groups.get(id);
    if (!g) {
      const always: Fn[] = [];
      const other: Fn[] = [];
      const mine = (fn: Fn) => entry === undefined || fn.entry === entry;
      for (const fn of family.fns) {
        if (fn.byName || !fn.types.includes(t) || !mine(fn)) continue;
        if (fn.kind === "validate" && !fn.parent) always.push(fn);
        else if (primary && !fn.parent && (fn.kind === "guard" || fn.kind === "assert")) always.push(fn);
        else other.push(fn);
      }
      if (primary) other.push(...byName.filter(mine));
      groups.set(id, (g = { always, other, key: `${entry}|${always[0]?.types[0] ?? t}` }));
    }
    return g;
  };

  let harnessErrors = 0;
  let harnessErrorSample: string | undefined;

  function prepare(index: number): Prepared {
    const rng = rngFor(options.seed, family.name, index);
    const seed = pickSeed(rng);
    const holder = seed.make();
    const m = mutate(holder, rng, family.vocab, mutateOptions, seed.names);
    const snap = inspect(holder, m.careful);
    // One argument context per input; `v` is switched for the rotation calls (arguments are built at once).
    const ctx = {
      rng,
      v: holder[0],
      holder,
      family,
      opts: () => rng.pick(family.def.options),
      str: () => {
        const x = rng.float();
        if (x < 0.5 && snap.strings.length > 0) return rng.pick(snap.strings);
        if (x < 0.85) return rng.pick(family.vocab.strings);
        if (x < 0.95) return rng.pick(HOSTILE_KEYS);
        return moderateString(rng, rng.pick(family.vocab.strings)).value;
      },
    };
    const calls: Call[] = [];
    const add = (fn: Fn, make: (c: ArgCtx) => unknown[] | undefined, vgroup: string | undefined, type?: string) => {
      try {
        const args = make(ctx);
        if (args === undefined) return;
        if (type !== undefined) args[0] = type; // validate(typeName, …): the seed's own type
        calls.push(vgroup !== undefined ? { fn, args, vgroup } : { fn, args });
      } catch (e) {
        harnessErrors++;
        harnessErrorSample ??= `${fn.id}: ${describeThrow(e)}`;
      }
    };
    for (const g of seed.calls) {
      const fn = family.resolve(seed, g.fn);
      if (fn) add(fn, g.args ?? fn.args, vkey(fn));
    }
    // The seed's type: validate, is and assert always, plus one other way of asking (.check, ~standard,
    // validate(name, …)); other types it also is (legacy: any message is a LegacyMessage): validate plus one other.
    // Secondary types (legacy: LegacyMessage, BaseMessage): one per input.
    const types = seed.types ?? [];
    for (const t of types.length > 2 ? [types[0]!, rng.pick(types.slice(1))] : types) {
      const g = groupOf(t, t === seed.type, seed.entry);
      for (const fn of g.always) add(fn, fn.args, vkey(fn));
      if (g.other.length > 0) {
        const fn = rng.pick(g.other);
        if (fn.byName) add(fn, fn.args, `${g.key}|${fn.verdictMode}`, t);
        else add(fn, fn.args, vkey(fn));
      }
    }
    for (let r = 0; r < rotation && rotationFns.length > 0; r++) {
      const fn = rng.pick(rotationFns);
      ctx.v = holder[rng.int(holder.length)];
      add(fn, fn.args, undefined);
    }
    const desc = `${seed.file} | ${m.ops.length ? m.ops.join("; ") : "unmutated"} | ≈${fmtBytes(snap.bytes)}`;
    return { index, seed, holder, m, snap, calls, desc };
  }

  function invoke(call: Call): Outcome {
    const t0 = performance.now();
    try {
      const result = call.fn.invoke(call.args);
      // Async exports are judged on what they do synchronously; a rejection must not crash the run.
      if (result instanceof Object && !PROXIES.has(result) && result instanceof Promise) Promise.prototype.then.call(result, undefined, () => undefined);
      return { threw: false, result, ms: performance.now() - t0 };
    } catch (error) {
      return { threw: true, error, ms: performance.now() - t0 };
    }
  }

  function shapeOf(fn: Fn, r: unknown): string | undefined {
    if (r !== null && typeof r === "object" && PROXIES.has(r)) return "returned a proxy from its input";
    try {
      return fn.shape(r);
    } catch (e) {
      return `the result could not be read (${describeThrow(e)})`;
    }
  }

  function verdictOf(fn: Fn, o: Outcome): boolean | undefined {
    if (o.threw) return isValidationError(o.error) ? false : undefined;
    const r = o.result as Record<string, unknown> | undefined;
    switch (fn.kind) {
      case "validate":
        if (r === null || typeof r !== "object") return undefined;
        return "ok" in r ? r.ok === true : !("issues" in r && r.issues !== undefined);
      case "guard":
        return typeof r === "boolean" ? r : undefined;
      case "assert":
        return true;
      default:
        return undefined;
    }
  }

  function runInput(index: number, p: Partial): void {
    const prep = prepare(index);
    const { calls, snap, m, desc } = prep;
    p.inputs++;
    if (m.heavy) p.heavy++;
    if (snap.json) p.jsonInputs++;
    for (const k of m.kinds) p.ops[k] = (p.ops[k] ?? 0) + 1;
    const stats = (id: string): FnStats => (p.fns[id] ??= emptyStats());
    const example = (detail: string, json?: boolean): Example => ({
      index,
      seed: prep.seed.file,
      input: desc,
      bytes: snap.bytes,
      detail,
      ...(json ? { json: shortJson(prep.holder.length === 1 ? prep.holder[0] : prep.holder) } : {}),
    });
    const report = (category: Category, fn: string, signature: string, detail: string, json = false) => {
      const key = `${category}|${fn}|${signature}`;
      let f = p.findings[key];
      const ex = example(detail, json);
      if (!f) p.findings[key] = f = { category, family: family.name, fn, signature, count: 0, kinds: {}, example: ex };
      f.count++;
      for (const k of m.kinds.length ? new Set(m.kinds) : ["unmutated"]) f.kinds[k] = (f.kinds[k] ?? 0) + 1;
      if (ex.bytes < f.example.bytes || (ex.bytes === f.example.bytes && ex.input.length < f.example.input.length)) f.example = ex;
    };

    const outcomes: Outcome[] = [];
    const slow: number[] = [];
    for (let c = 0; c < calls.length; c++) {
      const call = calls[c]!;
      if (heartbeat) {
        heartbeat[1] = c;
        heartbeat[3] = fnIndex.get(call.fn) ?? -1;
        Atomics.add(heartbeat, 2, 1);
      }
      const o = invoke(call);
      outcomes.push(o);
      const s = stats(call.fn.id);
      s.calls++;
      s.ms += o.ms;
      if (o.ms > s.maxMs) s.maxMs = o.ms;
      p.calls++;
      p.ms += o.ms;
      if (o.ms > 2 && (o.ms > timeBudgetMs || p.slowest.length < SLOWEST || o.ms > p.slowest[p.slowest.length - 1]!.ms)) slow.push(c);
      const fn = call.fn;
      if (o.threw) {
        if ((fn.kind === "assert" || fn.kind === "builder") && isValidationError(o.error)) {
          const bad = issueListProblem(o.error.issues, "ValidationError.issues", true);
          if (bad) {
            s.wrongShapes++;
            report("wrong-shape", fn.id, normalize(bad), bad);
          }
        } else {
          s.throws++;
          const sig = describeThrow(o.error, fn.id);
          report("throw", fn.id, sig, sig);
        }
      } else {
        const bad = shapeOf(fn, o.result);
        if (bad) {
          s.wrongShapes++;
          report("wrong-shape", fn.id, normalize(bad), bad);
        }
      }
      o.verdict = verdictOf(fn, o);
    }

    // Mutation and pollution: checked once per input, then blamed by re-running each call alone.
    const mutated = changed(snap);
    if (mutated !== undefined) blame("mutation", index, mutated, report, stats);
    const polluted = pollutionQuick();
    if (polluted !== undefined) {
      restorePrototypes();
      blame("pollution", index, polluted, report, stats);
    }

    // Same input, same mode, same validator: every way of asking must give the same answer.
    if (!m.stateful) {
      const groups = new Map<string, { id: string; v: boolean }[]>();
      calls.forEach((call, c) => {
        const v = outcomes[c]!.verdict;
        if (call.vgroup === undefined || v === undefined) return;
        const g = groups.get(call.vgroup) ?? [];
        g.push({ id: call.fn.id, v });
        groups.set(call.vgroup, g);
      });
      for (const [key, g] of groups) {
        if (g.every((x) => x.v === g[0]!.v)) continue;
        const yes = g.filter((x) => x.v).map((x) => x.id);
        const no = g.filter((x) => !x.v).map((x) => x.id);
        const sig = `${key.split("|")[0]}: ${yes.join(", ")} accept; ${no.join(", ")} reject`;
        for (const x of g) stats(x.id).inconsistent++;
        report("inconsistent", yes[0]!, sig, sig, true);
      }
    }

    // Ajv and Zod on plain JSON input: the same verdict and, when both accept, the same value (one validator per input: the first of the group).
    if (snap.json && !m.stateful) {
      let compared = false;
      calls.forEach((call, c) => {
        const zod = call.fn.zod;
        const v = outcomes[c]!.verdict;
        if (compared || !zod || v === undefined || call.fn.parent || call.vgroup === undefined) return;
        compared = true;
        p.parityChecks++;
        const zs = stats(`${zod.name}.safeParse`);
        const t0 = performance.now();
        let z: boolean;
        let data: unknown;
        try {
          ({ success: z, data } = zod.schema.safeParse(call.args[0]));
        } catch (e) {
          zs.calls++;
          zs.throws++;
          const sig = describeThrow(e, zod.name);
          report("throw", `${zod.name}.safeParse`, sig, sig, true);
          return;
        }
        const ms = performance.now() - t0;
        zs.calls++;
        zs.ms += ms;
        if (ms > zs.maxMs) zs.maxMs = ms;
        stats(call.fn.id).parity++;
        if (z !== v) {
          stats(call.fn.id).disagreements++;
          const sig = v ? `${call.fn.id} accepts, ${zod.name} rejects` : `${call.fn.id} rejects, ${zod.name} accepts`;
          report("disagreement", call.fn.id, sig, sig, true);
        } else if (z) {
          // The validators hand back the input itself (no lenient mode has a Zod model); Zod builds a copy.
          p.valueChecks++;
          if (snap.records.some((r) => r.keys.includes("__proto__"))) p.protoValueChecks++;
          const d = firstDifference((outcomes[c]!.result as { value?: unknown }).value, data);
          if (d === undefined) return;
          stats(call.fn.id).disagreements++;
          const sig = `${call.fn.id}'s value and ${zod.name}'s output differ: ${d.what}`;
          report("disagreement", call.fn.id, sig, `${sig} at ${JSON.stringify(d.pointer)}`, true);
        }
      });
    }

    // Slow calls are timed again (the minimum counts), so a GC pause is not blamed on the input.
    if (slow.length > 0 && mutated === undefined) {
      for (const c of slow) {
        const call = calls[c]!;
        let ms = Math.min(outcomes[c]!.ms, invoke(call).ms);
        if (ms > timeBudgetMs) ms = Math.min(ms, invoke(call).ms); // a third run before blaming the input
        const bytes = snap.shared ? expandedBytes(snap) : snap.bytes;
        const t: Timing = { family: family.name, fn: call.fn.id, ms, bytes, index, input: desc };
        if (ms > timeBudgetMs && bytes <= budgetMaxBytes) {
          stats(call.fn.id).overBudget++;
          if (p.overBudget.length < MAX_OVER_BUDGET_KEPT) p.overBudget.push(t);
          else p.overBudgetDropped++;
        }
        if (p.slowest.length < SLOWEST || ms > p.slowest[p.slowest.length - 1]!.ms) {
          p.slowest.push(t);
          p.slowest.sort((a, b) => b.ms - a.ms);
          if (p.slowest.length > SLOWEST) p.slowest.length = SLOWEST;
        }
      }
    }
  }

  /** For the thorough pollution check: which call of input `index` overwrote a prototype member. */
  function blameInput(index: number, p: Partial): void {
    const count = prepare(index).calls.length;
    for (let c = 0; c < count; c++) {
      const again = prepare(index);
      const call = again.calls[c]!;
      invoke(call);
      const d = pollution();
      if (d === undefined) continue;
      restorePrototypes();
      const s = (p.fns[call.fn.id] ??= emptyStats());
      s.pollution++;
      const key = `pollution|${call.fn.id}|${normalize(d)}`;
      const f = (p.findings[key] ??= { category: "pollution", family: family.name, fn: call.fn.id, signature: normalize(d), count: 0, kinds: {}, example: { index, seed: again.seed.file, input: again.desc, bytes: again.snap.bytes, detail: d } });
      f.count++;
    }
  }

  /** Re-makes the input for each call alone to find which one changed it (or the prototypes). */
  function blame(
    category: "mutation" | "pollution",
    index: number,
    what: string,
    report: (category: Category, fn: string, signature: string, detail: string, json?: boolean) => void,
    stats: (id: string) => FnStats,
  ): void {
    const count = prepare(index).calls.length;
    let found = false;
    for (let c = 0; c < count; c++) {
      const again = prepare(index);
      const call = again.calls[c]!;
      invoke(call);
      const d = category === "mutation" ? changed(again.snap) : pollutionQuick(true);
      if (d === undefined) continue;
      if (category === "pollution") restorePrototypes();
      stats(call.fn.id)[category === "mutation" ? "mutations" : "pollution"]++;
      report(category, call.fn.id, normalize(d), d, true);
      found = true;
    }
    if (!found) report(category, "(not reproducible call by call)", normalize(what), what, true);
  }

  return {
    family,
    run(start, end, into = emptyPartial(family.name)) {
      let checked = start;
      const thorough = (upTo: number) => {
        // An existing prototype member overwritten (rarer than a new key): checked every 128 inputs, then blamed input by input.
        const d = pollution();
        if (d !== undefined) {
          restorePrototypes();
          for (let j = checked; j < upTo; j++) blameInput(j, into);
        }
        checked = upTo;
      };
      for (let i = start; i < end; i++) {
        if (heartbeat) heartbeat[0] = i;
        try {
          runInput(i, into);
        } catch (e) {
          // The harness itself failed on this input (a bug here, not in the library): counted, the run goes on.
          harnessErrors++;
          harnessErrorSample ??= `input ${i}: ${describeThrow(e)} ${e instanceof Error && !PROXIES.has(e) ? (e.stack ?? "").split("\n").slice(1, 3).join(" ") : ""}`;
        }
        if ((i + 1 - start) % 128 === 0) thorough(i + 1);
      }
      thorough(end);
      into.harnessErrors += harnessErrors;
      if (harnessErrorSample !== undefined) into.harnessErrorSample ??= harnessErrorSample;
      harnessErrors = 0;
      return into;
    },
    replay(index) {
      const prep = prepare(index);
      const lines = [
        `family ${family.name}, input ${index}, seed ${options.seed}`,
        `seed file: ${prep.seed.file}`,
        `mutations: ${prep.m.ops.length ? "" : "none"}`,
        ...prep.m.ops.map((o) => `  - ${o}`),
        `size ≈${fmtBytes(prep.snap.bytes)}, depth ${prep.snap.maxDepth}, plain JSON: ${prep.snap.json}, accessors: ${prep.snap.hasAccessor}, proxies: ${prep.snap.hasProxy}, stateful: ${prep.m.stateful}`,
      ];
      const json = shortJson(prep.holder, 4000);
      if (json) lines.push(`arguments as JSON: ${json}`);
      for (const call of prep.calls) {
        const o = invoke(call);
        let outcome: string;
        if (o.threw) outcome = isValidationError(o.error) ? `throws ValidationError (${o.error.issues.length} issues)` : `THROWS ${describeThrow(o.error)}`;
        else {
          const bad = shapeOf(call.fn, o.result);
          const text = shortJson(o.result, 300) ?? typeof o.result;
          outcome = `${bad ? `WRONG SHAPE (${bad}) ` : ""}→ ${text}`;
        }
        // The run blames an input on the least of up to three timings; here, of five (the first compiles).
        let least = o.ms;
        for (let r = 0; r < 4; r++) least = Math.min(least, invoke(call).ms);
        lines.push(`${call.fn.id}: ${outcome} [${o.ms.toFixed(2)} ms; least of 5: ${least.toFixed(2)} ms]`);
      }
      const d = changed(prep.snap);
      if (d) lines.push(`INPUT MUTATED: ${d}`);
      const pol = pollution();
      if (pol) {
        lines.push(`PROTOTYPES POLLUTED: ${pol}`);
        restorePrototypes();
      }
      return lines;
    },
  };
}

// ---- merging partials ----

export function mergeInto(a: Partial, b: Partial): Partial {
  a.inputs += b.inputs;
  a.calls += b.calls;
  a.ms += b.ms;
  a.heavy += b.heavy;
  a.jsonInputs += b.jsonInputs;
  a.parityChecks += b.parityChecks;
  a.valueChecks += b.valueChecks;
  a.protoValueChecks += b.protoValueChecks;
  a.harnessErrors += b.harnessErrors;
  if (b.harnessErrorSample !== undefined) a.harnessErrorSample ??= b.harnessErrorSample;
  for (const [k, n] of Object.entries(b.ops)) a.ops[k] = (a.ops[k] ?? 0) + n;
  for (const [id, s] of Object.entries(b.fns)) {
    const t = (a.fns[id] ??= emptyStats());
    for (const k of Object.keys(s) as (keyof FnStats)[]) t[k] = k === "maxMs" ? Math.max(t[k], s[k]) : t[k] + s[k];
  }
  for (const [key, f] of Object.entries(b.findings)) {
    const g = a.findings[key];
    if (!g) {
      a.findings[key] = { ...f, kinds: { ...f.kinds } };
      continue;
    }
    g.count += f.count;
    for (const [k, n] of Object.entries(f.kinds)) g.kinds[k] = (g.kinds[k] ?? 0) + n;
    if (f.example.bytes < g.example.bytes || (f.example.bytes === g.example.bytes && f.example.input.length < g.example.input.length)) g.example = f.example;
  }
  a.slowest = [...a.slowest, ...b.slowest].sort((x, y) => y.ms - x.ms).slice(0, SLOWEST);
  const room = MAX_OVER_BUDGET_KEPT - a.overBudget.length;
  a.overBudget.push(...b.overBudget.slice(0, Math.max(0, room)));
  a.overBudgetDropped += b.overBudgetDropped + Math.max(0, b.overBudget.length - Math.max(0, room));
  return a;
}
