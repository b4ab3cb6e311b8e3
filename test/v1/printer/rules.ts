/**
 * The library's validity rules beyond the proto's structure, restated for the
 * message generator (the library's own copy is in scripts/generate/v1/bundle.ts:
 * EMPTY_ALLOWED, EMPTY_ARRAY_ALLOWED, INT_RANGES, STRING_ENUMS, isUrlField, isExtensionUriList; the prose is
 * docs/conformance.md, "A2A v1"). Kept separate on purpose: the test states what
 * a valid message is independently of the code under test.
 */
import type { DescField } from "@bufbuild/protobuf";

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

/** REQUIRED strings that may be empty ("" next page token: no more pages). */
export const EMPTY_ALLOWED = new Set(["ListTasksResponse.next_page_token"]);

/**
 * REQUIRED repeated fields that may be empty. Every other REQUIRED repeated field needs
 * at least one element (A2A v1.0 specification, section 5.7: "Arrays marked as required
 * MUST contain at least one element"); an empty page of tasks answers "no task matches".
 * REQUIRED maps (the OAuth flows' `scopes`) may be empty.
 */
export const EMPTY_ARRAY_ALLOWED = new Set(["ListTasksResponse.tasks"]);

/** int32 fields narrower than int32. */
export const INT_RANGES: Record<string, readonly [number, number]> = {
  "ListTasksRequest.page_size": [1, 100],
  "SendMessageConfiguration.history_length": [0, INT32_MAX],
  "GetTaskRequest.history_length": [0, INT32_MAX],
  "ListTasksRequest.history_length": [0, INT32_MAX],
};

/** Closed string sets the proto states in comments. */
export const STRING_ENUMS: Record<string, readonly string[]> = {
  "APIKeySecurityScheme.location": ["query", "header", "cookie"],
};

/** `Owner.field_name`, the key the tables above use. */
export function fieldKey(f: DescField): string {
  return `${f.parent.name}.${f.name}`;
}

/** The elements of a repeated string field named `extensions` (Message, Artifact) are extension URIs: absolute URIs. */
export function isExtensionUriList(f: DescField): boolean {
  return f.fieldKind === "list" && f.scalar === 9 /* STRING */ && f.name === "extensions";
}

/** A singular string field named `url`, `*_url` or `uri` holds an absolute URI. */
export function isUrlField(f: DescField): boolean {
  return f.fieldKind === "scalar" && f.scalar === 9 /* STRING */ && (f.name === "url" || f.name.endsWith("_url") || f.name === "uri");
}
