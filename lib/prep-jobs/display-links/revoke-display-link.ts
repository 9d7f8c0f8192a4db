// An admin revokes a workshop-screen link: from then on the link, its board data and its live stream
// are 404, and an open screen shows that it was switched off. Revoking twice is harmless.
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

export async function revokeDisplayLink(
  scope: { organisationId: string },
  id: string,
  now: Date = new Date(),
): Promise<void> {
  const { count } = await db().displayLink.updateMany({
    where: { id, organisationId: scope.organisationId, revokedAt: null },
    data: { revokedAt: now },
  });
  if (count) return;
  const exists = await db().displayLink.count({ where: { id, organisationId: scope.organisationId } });
  if (!exists) throw new AppError("NOT_FOUND", `No display link ${id} was found.`);
}
