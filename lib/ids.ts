// Identifiers are ULIDs: sortable by creation time, and monotonic within one millisecond so that
// two ids made in the same millisecond still sort in creation order.
import { ulidFactory } from "@/lib/ulid.mjs";

const nextUlid = ulidFactory();

export function newId(): string {
  return nextUlid();
}

export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
