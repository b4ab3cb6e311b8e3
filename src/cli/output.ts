/**
 * Buffered output that respects back-pressure, so streaming a huge NDJSON
 * report into a slow pipe keeps memory flat instead of queueing it all.
 */
export interface OutStream {
  /** Writes a chunk; false means wait for "drain" (as a Node stream says). */
  write(chunk: string): boolean;
  /** Listens once, for "drain"; optional. */
  once?(event: string, listener: (...args: unknown[]) => void): unknown;
  /** Stops listening; optional. */
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown;
  /** True for a terminal: colours by default. */
  readonly isTTY?: boolean;
}

const HIGH_WATER = 64 * 1024;

export class Output {
  private buf = "";
  private broken = false;

  constructor(readonly stream: OutStream) {}

  write(s: string): void {
    this.buf += s;
  }

  /** Writes out what is buffered once there is enough of it (or always, with `force`). */
  async flush(force = false): Promise<void> {
    if (this.buf.length === 0 || (!force && this.buf.length < HIGH_WATER)) return;
    const chunk = this.buf;
    this.buf = "";
    if (this.broken) return;
    if (this.stream.write(chunk) || !this.stream.once) return;
    await new Promise<void>((done) => {
      const s = this.stream;
      const settle = (): void => {
        s.removeListener?.("drain", onDrain);
        s.removeListener?.("error", onEnd);
        s.removeListener?.("close", onEnd);
        done();
      };
      const onDrain = (): void => settle();
      // A closed pipe (EPIPE) never drains: stop waiting and drop the rest.
      const onEnd = (): void => {
        this.broken = true;
        settle();
      };
      s.once!("drain", onDrain);
      s.once!("error", onEnd);
      s.once!("close", onEnd);
    });
  }
}
