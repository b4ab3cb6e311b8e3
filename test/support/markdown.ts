/** Fenced code blocks of Markdown text, for the tests that hold the docs to what runs. */
export interface FencedBlock {
  /** The info string's first word (`ts`, `sh`, `json`), or "" for a plain block. */
  readonly lang: string;
  /** The lines between the fences, each with its newline. */
  readonly code: string;
  /** 1-based line of the block's first code line. */
  readonly line: number;
}

export function fencedBlocks(text: string): FencedBlock[] {
  const lines = text.split("\n");
  const out: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)/.exec(lines[i]!);
    if (!open) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end]!.startsWith("```")) end++;
    out.push({ lang: open[1]!, code: lines.slice(start, end).map((l) => l + "\n").join(""), line: start + 1 });
    i = end;
  }
  return out;
}
