/** What the report says about a family's coverage. */
import type { LoadedFamily } from "./families.js";
import type { FamilyInfo } from "./report.js";

export function familyInfo(f: LoadedFamily): FamilyInfo {
  return {
    entries: f.entries,
    functions: f.fns.map((x) => x.id),
    skipped: f.skipped,
    unclassified: f.unclassified,
    seeds: f.seeds.length,
  };
}
