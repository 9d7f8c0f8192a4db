// Saved views: a user's named board query strings (filters, sort, page size; never the page or an open
// panel). Per user; saving under an existing name replaces it.
import { z } from "zod";
import { kysely, transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import { boardQueryToSearchParams, parseBoardQuery } from "@/lib/movement-requests/board/board-query";

export const MAX_SAVED_VIEWS = 50;

export const savedViewInput = z.object({
  name: z.string().trim().min(1, "Give the view a name").max(60, "At most 60 characters"),
  /** The board's query string ("?status=CREATED&sort=due&dir=asc" or without the "?"). */
  query: z.string().max(4000),
});
export type SavedViewInput = z.input<typeof savedViewInput>;

export type SavedViewItem = { id: string; name: string; query: string };

/** The query string kept: normalised through the board's schema, so it holds only what the board reads. */
export function normaliseViewQuery(query: string): string {
  const parsed = parseBoardQuery(new URLSearchParams(query.replace(/^\?/, "")));
  return boardQueryToSearchParams(parsed, { omitPage: true }).toString();
}

export async function listSavedViews(userId: string): Promise<SavedViewItem[]> {
  return kysely()
    .selectFrom("SavedView")
    .select(["id", "name", "query"])
    .where("userId", "=", userId)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function saveView(
  user: { id: string; organisationId: string },
  input: SavedViewInput,
): Promise<SavedViewItem> {
  const { name, query } = savedViewInput.parse(input);
  const normalised = normaliseViewQuery(query);
  return transaction(async (tx) => {
    const replaced = await tx
      .updateTable("SavedView")
      .set({ query: normalised })
      .where("userId", "=", user.id)
      .where("name", "=", name)
      .returning(["id", "name", "query"])
      .executeTakeFirst();
    if (replaced) return replaced;
    const { count } = await tx
      .selectFrom("SavedView")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_SAVED_VIEWS) {
      throw new AppError("VALIDATION_ERROR", `You have ${MAX_SAVED_VIEWS} saved views: delete one first.`);
    }
    return tx
      .insertInto("SavedView")
      .values({ id: newId(), organisationId: user.organisationId, userId: user.id, name, query: normalised })
      .returning(["id", "name", "query"])
      .executeTakeFirstOrThrow();
  });
}

/** Deletes one of the user's views; another user's id is "not found". */
export async function deleteSavedView(userId: string, viewId: string): Promise<void> {
  const { numDeletedRows } = await kysely()
    .deleteFrom("SavedView")
    .where("id", "=", viewId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (numDeletedRows === 0n) throw new AppError("NOT_FOUND", "That saved view no longer exists.");
}
