/**
 * The protobuf-es descriptors of each A2A revision, from the descriptor sets that
 * scripts/printer/generate.ts builds with the buf CLI (test/v1/printer/gen/).
 */
import { createFileRegistry, fromBinary, getOption, hasOption, type DescExtension, type DescField, type DescMessage, type FileRegistry } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import * as rev10 from "./gen/1.0/a2a.desc.js";
import * as rev20260217 from "./gen/2026-02-17/a2a.desc.js";

export type Revision = "1.0" | "2026-02-17";
export const REVISIONS: readonly Revision[] = ["1.0", "2026-02-17"];

const GENERATED: Record<Revision, { protoPath: string; protoSha256: string; descriptorSetBase64: string }> = {
  "1.0": rev10,
  "2026-02-17": rev20260217,
};

/** `google.api.FieldBehavior.REQUIRED`. */
const REQUIRED = 2;
export const PACKAGE = "lf.a2a.v1";

export interface RevisionDescriptors {
  readonly revision: Revision;
  readonly protoPath: string;
  readonly protoSha256: string;
  readonly registry: FileRegistry;
  /** Every message of package lf.a2a.v1, in file order. */
  readonly messages: readonly DescMessage[];
  /** True when the field carries `(google.api.field_behavior) = REQUIRED`. */
  isRequired(field: DescField): boolean;
}

const cache = new Map<Revision, RevisionDescriptors>();

export function descriptors(revision: Revision): RevisionDescriptors {
  const hit = cache.get(revision);
  if (hit) return hit;
  const g = GENERATED[revision];
  const set = fromBinary(FileDescriptorSetSchema, Buffer.from(g.descriptorSetBase64, "base64"));
  const registry = createFileRegistry(set);
  const behavior = registry.getExtension("google.api.field_behavior") as DescExtension | undefined;
  if (!behavior) throw new Error(`${g.protoPath}: descriptor set has no google.api.field_behavior`);
  const file = registry.getFile("a2a.proto");
  if (!file) throw new Error(`${g.protoPath}: descriptor set has no a2a.proto`);
  if (file.proto.package !== PACKAGE) throw new Error(`${g.protoPath}: package ${file.proto.package}, expected ${PACKAGE}`);
  const messages: DescMessage[] = [];
  const walk = (ms: readonly DescMessage[]) => {
    for (const m of ms) {
      messages.push(m);
      walk(m.nestedMessages);
    }
  };
  walk(file.messages);
  const out: RevisionDescriptors = {
    revision,
    protoPath: g.protoPath,
    protoSha256: g.protoSha256,
    registry,
    messages,
    isRequired(field) {
      // The extension comes from a run-time registry, so its extendee type is not known statically.
      if (!(hasOption as (el: DescField, ext: DescExtension) => boolean)(field, behavior)) return false;
      const v = (getOption as (el: DescField, ext: DescExtension) => unknown)(field, behavior);
      return Array.isArray(v) && v.includes(REQUIRED);
    },
  };
  cache.set(revision, out);
  return out;
}
