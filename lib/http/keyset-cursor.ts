// The opaque cursor of the keyset-paginated lists (prep jobs, webhook attempts): the (instant, id) of a
// page's last row, as base64url of a small JSON object. Anything that does not decode is refused.
import { z } from "zod";
import { ULID_PATTERN } from "@/lib/ids";

export type KeysetCursor = { at: Date; id: string };

const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.at.toISOString(), i: cursor.id }), "utf8").toString(
    "base64url",
  );
}

/** The cursor's keyset, or undefined when the text is not a cursor this service made. */
export function decodeKeysetCursor(text: string): KeysetCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { t, i } = value as { t?: unknown; i?: unknown };
  if (typeof t !== "string" || typeof i !== "string") return undefined;
  if (!INSTANT_PATTERN.test(t) || !ULID_PATTERN.test(i)) return undefined;
  const at = new Date(t);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== t) return undefined;
  return { at, id: i };
}

/** The `cursor` query parameter of such a list. */
export const keysetCursorSchema = z.string().transform((value, ctx) => {
  const cursor = decodeKeysetCursor(value);
  if (!cursor) {
    ctx.addIssue({ code: "custom", message: "Not a cursor of this list: take nextCursor as returned" });
    return z.NEVER;
  }
  return cursor;
});
