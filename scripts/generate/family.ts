/** What every family generator returns: generated files by path relative to the repo root. */
export interface FamilyOutput {
  readonly family: string;
  readonly files: ReadonlyMap<string, string>;
}

export type FamilyGenerator = (root: string) => FamilyOutput | Promise<FamilyOutput>;
