// A dispatcher revokes a job link: from then on its page and its actions are 404. Revoking twice is
// harmless; another organisation's link is not found.
import "server-only";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

export async function revokeJobLink(
  scope: { organisationId: string },
  linkId: string,
  now = new Date(),
): Promise<void> {
  const { numUpdatedRows } = await kysely()
    .updateTable("JobLink")
    .set({ revokedAt: now })
    .where("id", "=", linkId)
    .where("organisationId", "=", scope.organisationId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (numUpdatedRows > BigInt(0)) return;
  const exists = await kysely()
    .selectFrom("JobLink")
    .select("id")
    .where("id", "=", linkId)
    .where("organisationId", "=", scope.organisationId)
    .executeTakeFirst();
  if (!exists) throw new AppError("NOT_FOUND", `No job link ${linkId} was found.`);
}
