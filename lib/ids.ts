// Identifiers are ULIDs: sortable by creation time, and monotonic within one millisecond so that
// two ids made in the same millisecond still sort in creation order.
import { decodeTime } from "ulid";
import { ulidFactory } from "@/lib/ulid.mjs";

const nextUlid = ulidFactory();

export function newId(): string {
  return nextUlid();
}

export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** When a ULID was made (its first ten characters), or null for a text that is not a ULID. */
export function ulidTime(id: string): Date | null {
  // A first character past 7 is a time past 10889 AD, which decodeTime refuses.
  return ULID_PATTERN.test(id) && id[0]! <= "7" ? new Date(decodeTime(id)) : null;
}
