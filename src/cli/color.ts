/**
 * Colours only on a terminal, with Node's overrides: FORCE_COLOR (set, even
 * empty, unless "0" or "false") turns them on, NO_COLOR (non-empty) turns them off.
 * The decision is ours (the stream may not be process.stdout), so styleText's
 * own check against process.stdout is switched off.
 */
import { styleText } from "node:util";

export type Style = "bold" | "dim" | "red" | "green" | "yellow" | "cyan" | "gray";
export type Paint = (style: Style | readonly Style[], text: string) => string;

export function wantsColor(isTTY: boolean | undefined, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.TERM === "dumb") return false;
  return isTTY === true;
}

export function painter(enabled: boolean): Paint {
  if (!enabled) return (_style, text) => text;
  return (style, text) => styleText(style as Parameters<typeof styleText>[0], text, { validateStream: false });
}
