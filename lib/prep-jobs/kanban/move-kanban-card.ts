// A move made on the kanban: the staff user may only move jobs of the prep sites their board offers
// (prepSitesForUser), and the move itself is movePrepJob's (the manual stage rules, one transaction,
// a version and an event).
import "server-only";
import { z } from "zod";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { prepSitesForUser, type KanbanUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";
import { movePrepJob } from "@/lib/prep-jobs/move-prep-job";
import { prepJobStageSchema, prepJobSubstageSchema, type PrepJobResponse } from "@/lib/prep-jobs/schemas";

export const moveKanbanCardInput = z.strictObject({
  id: z.string().min(1).max(64),
  stage: prepJobStageSchema,
  substage: prepJobSubstageSchema.nullable(),
});
export type MoveKanbanCardInput = z.infer<typeof moveKanbanCardInput>;

export async function moveKanbanCard(
  staff: { user: KanbanUser; actor: string },
  input: MoveKanbanCardInput,
): Promise<PrepJobResponse> {
  const { organisationId } = staff.user;
  const job = await kysely()
    .selectFrom("PrepJob")
    .select("prepSiteId")
    .where("id", "=", input.id)
    .where("organisationId", "=", organisationId)
    .executeTakeFirst();
  const sites = await prepSitesForUser(staff.user);
  // A job of a site the user does not work at is "not found", like another organisation's.
  if (!job || !sites.some((site) => site.id === job.prepSiteId)) {
    throw new AppError("PREP_JOB_NOT_FOUND", `No prep job ${input.id} was found.`);
  }
  return movePrepJob({ organisationId, actor: staff.actor }, input.id, {
    stage: input.stage,
    substage: input.substage,
  });
}
