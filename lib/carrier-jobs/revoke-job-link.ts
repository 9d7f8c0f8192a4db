// A dispatcher revokes a job link: from then on its page and its actions are 404. Revoking twice is
// harmless; another organisation's link is not found.
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

export async function revokeJobLink(
  scope: { organisationId: string },
  linkId: string,
  now = new Date(),
): Promise<void> {
  const { count } = await db().jobLink.updateMany({
    where: { id: linkId, organisationId: scope.organisationId, revokedAt: null },
    data: { revokedAt: now },
  });
  if (count) return;
  const exists = await db().jobLink.count({ where: { id: linkId, organisationId: scope.organisationId } });
  if (!exists) throw new AppError("NOT_FOUND", `No job link ${linkId} was found.`);
}
