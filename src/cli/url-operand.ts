/** Which operands are URLs (an agent's card to fetch), and the options that only URLs take. */
import { UsageError } from "./args.js";

/** `https://…` or `http://…`: a card to fetch, not a path. */
export function isUrlOperand(s: string): boolean {
  return /^https?:\/\//i.test(s);
}

/**
 * URLs and paths do not mix in one run (they are reported differently: a card that cannot be
 * fetched is an unreadable path, exit 2); --allow-private and --probe need URLs. Returns whether
 * this is a URL run. Throws UsageError.
 */
export function urlRun(operands: readonly string[], allowPrivate: boolean, probe: boolean): boolean {
  const urls = operands.filter(isUrlOperand).length;
  if (urls > 0 && urls < operands.length) throw new UsageError("URLs and paths cannot be mixed in one run: validate the URLs and the files separately");
  if (urls === 0 && (allowPrivate || probe)) throw new UsageError(`--${allowPrivate ? "allow-private" : "probe"} applies to URL operands (https://…) only`);
  return urls > 0;
}
