/**
 * `google.rpc.BadRequest` field violations from issues. A field is the path from the request
 * message (JSON-RPC `params`, or the HTTP+JSON request) in the JSON form of google/rpc/error_details.proto:
 * camelCase names joined by dots, list indices in brackets (`message.parts[0].text`), as in the
 * A2A v1.0 specification, section 9.5 (`message.parts`). A map key that is not a plain name is
 * quoted in brackets (`metadata["a.b"]`). `required` and `unknown_property` name the property itself.
 */
import type { PathSegment, ValidationIssue } from "../core/issue.js";

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `["message", "parts", 0, "text"]` → `message.parts[0].text`. */
export function fieldOf(path: readonly PathSegment[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (NAME.test(seg)) out += out === "" ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** One violation per issue (warnings left out), its path taken relative to `base` (e.g. `["params"]`). */
export function fieldViolations(issues: readonly ValidationIssue[], base: readonly PathSegment[] = []): { field: string; description: string }[] {
  const out: { field: string; description: string }[] = [];
  for (const i of issues) {
    if (i.severity === "warning") continue;
    let path = i.path.slice(base.length);
    if ((i.code === "required" || i.code === "unknown_property") && i.property !== undefined && i.path[i.path.length - 1] !== i.property) path = [...path, i.property];
    out.push({ field: fieldOf(path), description: i.hint ? `${i.message} (hint: ${i.hint})` : i.message });
  }
  return out;
}
