// An admin revokes a workshop-screen link: from then on the link, its board data and its live stream
// are 404, and an open screen shows that it was switched off. Revoking twice is harmless.
import "server-only";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

export async function revokeDisplayLink(
  scope: { organisationId: string },
  id: string,
  now: Date = new Date(),
): Promise<void> {
  const { numUpdatedRows } = await kysely()
    .updateTable("DisplayLink")
    .set({ revokedAt: now })
    .where("id", "=", id)
    .where("organisationId", "=", scope.organisationId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (numUpdatedRows > 0n) return;
  const exists = await kysely()
    .selectFrom("DisplayLink")
    .select("id")
    .where("id", "=", id)
    .where("organisationId", "=", scope.organisationId)
    .executeTakeFirst();
  if (!exists) throw new AppError("NOT_FOUND", `No display link ${id} was found.`);
}
