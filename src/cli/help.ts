export const HELP = `Usage: a2a-validate [options] <path|glob|->...
       a2a-validate list [--family <name>] [--json]
       a2a-validate schema <family> <Type> [--mode strict|lenient]

Validates A2A documents: legacy envelopes, v1 messages and JSON-RPC bodies,
session-family bodies, v1 agent cards that declare the input/output-schemas
extension (family object-schemas), and A2A v0.3 documents and JSON-RPC bodies
(family v0.3: with --family v0.3 or a sidecar's "family": "v0.3").
Folders are searched for *.json, *.jsonl and *.ndjson (not node_modules or
dot-folders); *.jsonl / *.ndjson files are checked record by record. What each
document is, is detected from its keys; *.expect.json sidecars are read.
A member name given twice in one object is an error (duplicate_key). Text
that is not JSON is described, never quoted.

Options:
  -f, --format <name>   pretty | github | json | junit
                        (default: github when GITHUB_ACTIONS=true, else pretty)
      --expect <what>   auto | valid | invalid (default: auto: a document below
                        a folder named "invalid" must fail, any other must pass)
      --family <name>   legacy | v1 | session | object-schemas | v0.3:
                        consider only that family
  -t, --type <Name>     validate every document as this type
      --mode <mode>     strict | lenient (v1 default: strict; session and v0.3
                        default: lenient, i.e. unknown properties tolerated)
      --revision <rev>  1.0 | 2026-02-17: the A2A v1 protocol revision (default:
                        1.0, the released protocol)
      --method <RPC>    the RPC a JSON-RPC response answers (e.g. SendMessage,
                        or tasks/get for v0.3)
      --freshness       also check legacy timestamps against the clock
      --max-bytes <n>   largest document (or record) accepted (default: 10MiB)
      --ndjson          read standard input as JSON Lines
      --follow-symlinks follow symbolic links that lead outside the folder or
                        glob base being searched (default: such a link is
                        reported as skipped, not read; an operand may lead
                        anywhere inside the working directory). Links into
                        /proc or /sys are never followed
      --verify-signatures --jwks <file>
                        also verify every v1 agent card's signatures against
                        the JWK Set in <file> (signature_invalid,
                        signature_unverifiable, signature_missing)
  -h, --help            show this help
  -V, --version         show the version

Exit status: 0 every document met its expectation, 1 some did not,
2 usage error or unreadable path.
Colours: on a terminal only; NO_COLOR turns them off, FORCE_COLOR on.
`;
