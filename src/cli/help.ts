export const HELP = `Usage: a2a-validate [options] <path|glob|->...
       a2a-validate [--allow-private] [--jwks <file>] [--probe] <url>...
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
*.har files are HAR 1.2 captures, read as a stream: every A2A exchange in
them is checked request against response (streams with the stream rules),
each issue at its entry and at line:col inside the body.

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
      --a2a-version <v> 1.0 | 0.3 | auto: validate every document as A2A 1.0
                        (families v1, object-schemas) or 0.3 (family v0.3);
                        auto: each as the version it is written for (its
                        JSON-RPC method, v0.3's "kind", v1.0's
                        supportedInterfaces, ...), a hybrid agent card by its
                        v1.0 view, its v0.3 view and their agreement; the
                        version and what decided it are in every report
      --method <RPC>    the RPC a JSON-RPC response answers (e.g. SendMessage,
                        or tasks/get for v0.3)
      --freshness       also check legacy timestamps against the clock
      --max-bytes <n>   largest document (or record) accepted (default: 10MiB)
      --ndjson          read standard input as JSON Lines
      --har             read standard input as a HAR capture
      --stream <RPC>    SendStreamingMessage | SubscribeToTask: each file is a
                        list of that RPC's stream events (a JSON array, or
                        JSON Lines); the stream rules run across them
      --follow-symlinks follow symbolic links that lead outside the folder or
                        glob base being searched (default: such a link is
                        reported as skipped, not read; an operand may lead
                        anywhere inside the working directory). Links into
                        /proc or /sys are never followed
      --verify-signatures --jwks <file>
                        also verify every v1 agent card's signatures against
                        the JWK Set in <file> (signature_invalid,
                        signature_unverifiable, signature_missing)
      --allow-private   URL operands: permit loopback, private, link-local and
                        other non-public addresses, and plain http to them
                        (an agent on this machine in CI); cloud metadata
                        addresses stay refused
      --probe           URL operands: also send read-only GetTask requests to
                        each JSON-RPC and HTTP+JSON interface of the card: an
                        unknown task must answer TaskNotFoundError, an
                        unsupported A2A-Version VersionNotSupportedError
  -h, --help            show this help
  -V, --version         show the version

A URL (https://...) is an Agent Card to fetch; an origin gets
/.well-known/agent-card.json. Fetches refuse non-public addresses (after name
resolution and on every redirect), plain http, more than 5 redirects, 10 s and
--max-bytes. With --jwks <file>, a card's signatures are verified.

Exit status: 0 every document met its expectation, 1 some did not,
2 usage error or unreadable path (or a URL that could not be fetched).
Colours: on a terminal only; NO_COLOR turns them off, FORCE_COLOR on.
`;
