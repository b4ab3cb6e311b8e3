/**
 * In the first-error module a missing required property ends the call
 * (`return false`), so in the rest of that object's block every required
 * property is known to be present and own: Ajv's `data.x !== undefined &&
 * func0.call(data, "x")` before checking its value can only be true. Said so,
 * each required property is looked up once instead of twice.
 */
import { mustClose } from "./scan.js";

const HEAD = /if\((data\d*) && typeof \1 == "object" && !Array\.isArray\(\1\)\)\{\nlet (missing\d+);\nif\(/g;

export function requiredPresent(code: string): string {
  let out = code;
  for (let m = HEAD.exec(out); m !== null; m = HEAD.exec(out)) {
    const [whole, data, missing] = m as unknown as [string, string, string];
    const condStart = m.index + whole.length;
    const condEnd = mustClose(out, condStart, "(", ")", "requiredPresent");
    const tail = /^\)\{\nvalidate\d+\.errors = \[0\];\nreturn false;\n\}\nelse \{\n/.exec(out.slice(condEnd));
    if (tail === null) continue; // inside a oneOf branch a missing property does not end the call
    const names = [...out.slice(condStart, condEnd).matchAll(new RegExp(`\\(${missing} = "([A-Za-z_$][A-Za-z0-9_$]*)"\\)`, "g"))].map((x) => x[1]!);
    const bodyStart = condEnd + tail[0].length;
    const bodyEnd = mustClose(out, bodyStart, "{", "}", "requiredPresent");
    let body = out.slice(bodyStart, bodyEnd);
    for (const name of names) body = body.split(`${data}.${name} !== undefined && func0.call(${data}, "${name}")`).join("true");
    out = out.slice(0, bodyStart) + body + out.slice(bodyEnd);
    HEAD.lastIndex = bodyStart;
  }
  return out;
}
