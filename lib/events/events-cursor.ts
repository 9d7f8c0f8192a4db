// The opaque cursor of GET /movement-requests/events. It carries the keyset (occurredAt, id) of the last
// envelope of a page and the `since` the walk started with, as base64url JSON, then a checksum:
// `<payload>.<checksum>`. The checksum is not a secret (a cursor grants nothing: the profile comes from
// the API key and retention is applied on every page); it makes an edited, truncated or hand-made
// cursor a 400 instead of a silently different page. Callers must treat the whole text as opaque.
import { createHash } from "node:crypto";
import { ULID_PATTERN } from "@/lib/ids";

export type EventsCursor = {
  /** occurredAt of the last envelope of the previous page. */
  occurredAt: Date;
  /** Its eventId: the tie-break between events of the same millisecond. */
  id: string;
  /** The `since` of the first page (null: none); later pages keep it. */
  since: Date | null;
};

const CURSOR_VERSION = 1;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const INSTANT_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeEventsCursor(cursor: EventsCursor): string {
  const json = JSON.stringify({
    v: CURSOR_VERSION,
    t: cursor.occurredAt.toISOString(),
    i: cursor.id,
    s: cursor.since ? cursor.since.toISOString() : null,
  });
  const payload = Buffer.from(json, "utf8").toString("base64url");
  return `${payload}.${checksumOf(payload)}`;
}

/** The cursor, or undefined when the text is not, byte for byte, a cursor this service made. */
export function decodeEventsCursor(text: string): EventsCursor | undefined {
  const parts = text.split(".");
  if (parts.length !== 2) return undefined;
  const [payload = "", checksum = ""] = parts;
  if (!BASE64URL.test(payload) || checksum !== checksumOf(payload)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const { v, t, i, s } = value as Record<string, unknown>;
  if (v !== CURSOR_VERSION || typeof i !== "string" || !ULID_PATTERN.test(i)) return undefined;
  const occurredAt = instantOf(t);
  const since = s === null ? null : instantOf(s);
  if (!occurredAt || since === undefined) return undefined;
  return { occurredAt, id: i, since };
}

function checksumOf(payload: string): string {
  return createHash("sha256").update(`vms-events-cursor.${payload}`).digest("base64url").slice(0, 16);
}

function instantOf(value: unknown): Date | undefined {
  if (typeof value !== "string" || !INSTANT_MS.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) || date.toISOString() !== value ? undefined : date;
}
