/**
 * For a row that misses its target: what the profile says is left, and what was tried (issue 23 asks
 * RESULTS.md to say both). Keyed by the row's name in the summary (or its start, before ", 1 issue"); printed only for rows
 * this run found missed, so a row that comes to meet its target loses its explanation by itself.
 * The figures quoted were measured side by side (before/after builds in one run) on this 2-core machine.
 */
export const LEFT: ReadonlyArray<{ readonly row: string; readonly text: string }> = [
  {
    row: "valid path: legacy request",
    text:
      "Profile: the generated function, then Ajv's `ownProperties` checks (an own-property test on every property the schema names, about 4.6 ns each; the generated function takes 171 ns with them, 125 ns without), the payload-size rule (it must walk `parameters`: the validator never sees the text) and the remaining regular expressions. " +
      "Tried: the UUID v4, hex and Base64 patterns with their fixed counts written out (57 → 26 ns, 63 → 25 ns, 189 → 85 ns) and the recipient id's `{1,126}` as `+` beside its `maxLength` (48 → 34 ns), both proven equal by property tests (test/legacy/fast-patterns.test.ts); the timestamp expression likewise (29 → 23 ns): the row went from 0.44 to 0.35. Dropped: hand-written character loops instead of the expressions (slower: 78-98 against 56-70 ns), the `u` flag (no difference). " +
      "Left: the own-property checks (without them the row would be about 0.28), which Ajv's security guidance asks for and this package keeps; no exactly equivalent cheaper form was found (a once-per-object prototype test calls a proxy's `getPrototypeOf` trap that is not called today).",
  },
  {
    row: "valid path: session SendMessageRequest",
    text:
      "Profile: the generated function (38 %), of which the own-property checks are most (75 ns with the 13 checks, 15.5 ns without), the validator's result and mode wrappers (19 %), the URI check of the artifact rule. " +
      "Tried: `isAbsoluteUri` as one regular expression with a `%` check only when there is a `%` (73 → 48 ns on a 32-character URL, 3.5× less on 8 KB; same verdicts, property-tested): within the bench's noise on this row, since the peers are given the same rule and gain as much. " +
      "Left: the own-property checks (without them about 0.105; TypeBox makes none, which is most of its lead).",
  },
  {
    row: "invalid path: v1 SendMessage JSON-RPC request",
    text:
      "Profile: Ajv's all-errors pass alone is about 0.35 of JSON.parse and the first pass 0.045; the rest is building issues that say more than Ajv's (pointers, wording, expected and received, hints, the SDK-object walk, the JSON-RPC envelope): switching single steps off, the refinement step weighed 38 %, the hint walk 30 %, the hint scan 17 %, rewording 10 %; a failed request allocates 4.4 kB, against 0.9 kB for JSON.parse of its text. " +
      "Tried: the hint scan only where a hint can land on an issue (test/v1/hint-keys.test.ts keeps the hints equal on every failing fixture), issues built whole in one object literal, hinted copies by literal for the common member orders: 6 to 8 % less (1 issue 1.41 → 1.27, 3 issues 2.04 → 1.88, old and new builds interleaved in one process). Dropped, no gain or slower: the hint put on the issue itself (16 to 63 % slower), a walk without its queue, no options objects in the all-errors code, a cached no-`~` flag per path, literal enum rewording. Not done: an issue list built on first read (the bench never reads it, so it would meet the target without the work, and it would read the input later, when the caller may have changed it). " +
      "Left: a scan driven by the keys the issues pass through, instead of the object walk; the garbage the issue objects make.",
  },
  {
    row: "invalid path: legacy request",
    text:
      "Profile: the all-errors pass with its regular expressions, and the explanation of a bad date. Tried: the issue-building changes of the v1 row (no change here, within noise). Left: the all-errors pass itself.",
  },
  {
    row: "valid path: v1 SendMessage JSON-RPC request",
    text:
      "Profile: the generated functions (the request's envelope and the message), then `validateJsonRpcRequest`'s dispatch by method. The row sits at the target's edge: runs of this bench have given 0.17 to 0.21 for the same code (docs/conformance.md, \"How much a figure moves between runs\"), and it is ahead of every peer in each.",
  },
  {
    row: "start-up: a2a-schemas/legacy",
    text:
      "Profile: compiling the file (\"What an entry's start-up is made of\": about 3 ms in one process), the rest is Node loading a module. Tried this round: the smaller all-errors module (path-only functions). Runs of this bench give the row 8 to 11 ms on the same code; its CPU time over bare node is steadier.",
  },
  {
    row: "start-up: a2a-schemas/session",
    text:
      "Tried this round: one compilation for both modes (strict mode as a flag), the entry 165 → 131 KB and its compile 2.6 → 2.0 ms in one process. What is left is Node loading a module and the validators' construction at the top level.",
  },
  {
    row: "start-up: a2a-validate request.json",
    text:
      "Tried this round: the CLI loads only what its input needs, one self-contained file per module (a legacy file: 4 files instead of 24; 35 → 26 ms over bare node). Left, from a CPU profile of the run: about 9 ms is a2a-schemas/legacy itself (its row above), the rest output setup, argument parsing and the validation run.",
  },
  {
    row: "start-up: a2a-schemas/v0.3",
    text:
      "Profile: \"What an entry's start-up is made of\": compiling the file is most of it, and most of the file is the generated validators of 94 definitions, each twice (first error, all errors). " +
      "Tried: the all-errors functions take `(data, instancePath)` and append a failed call's errors through one helper (the all-errors module 348 → 329 KB before minifying): under a millisecond. Building the validators on first use: the top level fell from 1.1 to 0.7 ms in one process, and a fresh process's CPU time did not move (10.2 and 10.2 ms over bare node), so it was not kept. The JSON Schema texts (Standard JSON Schema, about 160 KB) cost 0.3 ms of compile: left in.",
  },
  {
    row: "start-up: a2a-schemas/versions",
    text:
      "This entry converts between the two versions and validates the result in the target version (issue 20: \"The output is validated in the target version\"), so it holds both families' validators: its start-up is a2a-schemas/v1's plus a2a-schemas/v0.3's (see \"What an entry's start-up is made of\"), and it cannot be under either alone. `detectVersion`, which needs no validator, is in the same entry.",
  },
  {
    row: "start-up: a2a-schemas/v1",
    text:
      "Profile: compiling the file (\"What an entry's start-up is made of\"): a2a-schemas/v1 carries v1.0's validators and the pre-release revision's tables. " +
      "Tried: the all-errors functions' options object removed (module 241 → 223 KB before minifying) and the file made ASCII (one `→` made the whole source two-byte): within a millisecond of CPU time. See the v0.3 row for building validators on first use.",
  },
  {
    row: "start-up: a2a-schemas/v1/2026-02-17",
    text: "As a2a-schemas/v1: compiling the file is most of it (\"What an entry's start-up is made of\").",
  },
  {
    row: "start-up: a2a-schemas",
    text:
      "The ESM root re-exports the family entries (`export * as v1 from \"./v1/index.js\"`), so importing it compiles every family. Loading a namespace on first use needs a synchronous load, which an ES module has only through `require()` of an ES module: Node 20.19 and later, where the package supports Node 20.12, and through `createRequire`, which esbuild and rollup do not follow when they bundle an application (its bundle would require files that are not there). So the ESM root stays static (bundlers keep only what is used), and the CommonJS root loads each family on first read (the row \"a2a-schemas (require)\"). Node users who care import the family's own entry.",
  },
];

/** The explanation of each missed row that has one. */
export function leftFor(rows: readonly string[]): string[] {
  const out: string[] = [];
  for (const row of rows) {
    const hit = LEFT.find((l) => row === l.row || row.startsWith(`${l.row},`));
    if (hit !== undefined) out.push(`- **${row}**: ${hit.text}`);
  }
  return out;
}
