// An estimate awaits approval: the organisation's approvers (the roles with "approve-recon") who work
// at the job's prep site (or at every site) are told by e-mail, through the outbox, in the
// transaction of the submission: the message exists if and only if the submission committed.
import { rolesWith } from "@/lib/auth/roles";
import type { Kdb } from "@/lib/db";
import { publicBaseUrl } from "@/lib/env";
import { enqueueEmail } from "@/lib/notifications/enqueue-email";
import type { ReconJob } from "@/lib/recon/find-recon-job";
import type { WorkItemResponse } from "@/lib/recon/schemas";
import { formatMinorUnits } from "@/lib/intl-formats";

export async function approversOf(tx: Kdb, job: Pick<ReconJob, "organisationId" | "prepSiteId">) {
  const { prepSiteId } = job;
  return tx
    .selectFrom("User as u")
    .select(["u.email", "u.name"])
    .where("u.organisationId", "=", job.organisationId)
    .where("u.role", "in", rolesWith("approve-recon"))
    .where((eb) =>
      eb.or([
        eb.not(
          eb.exists(
            eb
              .selectFrom("UserPrepSite as assigned")
              .select("assigned.siteId")
              .whereRef("assigned.userId", "=", "u.id"),
          ),
        ),
        ...(prepSiteId
          ? [
              eb.exists(
                eb
                  .selectFrom("UserPrepSite as here")
                  .select("here.siteId")
                  .whereRef("here.userId", "=", "u.id")
                  .where("here.siteId", "=", prepSiteId),
              ),
            ]
          : []),
      ]),
    )
    .orderBy("u.email")
    .execute();
}

const money = (cents: number, currency: string) => formatMinorUnits(cents, currency);

export async function notifyApprovers(
  tx: Kdb,
  job: ReconJob,
  input: { workItem: WorkItemResponse; awaitingApproval: WorkItemResponse[]; at: Date },
): Promise<void> {
  const approvers = await approversOf(tx, job);
  if (approvers.length === 0) return;
  const vehicle = job.vrm ?? job.vin;
  const { workItem, awaitingApproval } = input;
  const total = awaitingApproval.reduce((sum, item) => sum + item.estimatedCents, 0);
  const url = `${publicBaseUrl()}/prep-jobs${job.prepSiteId ? `?site=${encodeURIComponent(job.prepSiteId)}` : ""}`;
  const text = [
    `${vehicle}: "${workItem.description}" (${workItem.category.toLowerCase()}) is estimated at ${money(workItem.estimatedCents, workItem.currency)} and awaits your approval.`,
    "",
    `The vehicle has ${awaitingApproval.length} item(s) awaiting approval, ${money(total, workItem.currency)} in all:`,
    ...awaitingApproval.map((item) => `- ${item.description}: ${money(item.estimatedCents, item.currency)}`),
    "",
    `Approve or decline them, one by one or all at once, on the prep-job board: ${url}`,
  ].join("\n");
  for (const approver of approvers) {
    await enqueueEmail(tx, {
      organisationId: job.organisationId,
      kind: "recon_approval",
      to: approver.email,
      subject: `Estimate awaiting approval: ${vehicle}`,
      text,
      at: input.at,
    });
  }
}
