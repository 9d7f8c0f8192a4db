// The card drawer's sublet work and photos (issue 37): send an item to a sublet vendor (and its link),
// revoke a vendor's link, attach a photo to an item, and read what the drawer shows of them. Only
// staff whose board offers the job's prep site (as for notes and work items); lib/recon does the rest.
import "server-only";
import { kysely } from "@/lib/db";
import { jobOfUserOrThrow } from "@/lib/prep-jobs/kanban/card-details";
import type { CardStaff } from "@/lib/prep-jobs/kanban/card-work-items";
import type { KanbanUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";
import { readImageFile } from "@/lib/proofs/read-image-body";
import { clientPhotoId } from "@/lib/proofs/schemas";
import { addStaffWorkItemPhoto, jobSubletDetails } from "@/lib/recon/sublet/job-sublet-details";
import type { CardSubletDetails, SendToSubletInput, SubletPhoto } from "@/lib/recon/sublet/schemas";
import { sendWorkItemToSublet, type SentToSublet } from "@/lib/recon/sublet/send-to-sublet";
import { revokeSubletLink } from "@/lib/recon/sublet/sublet-links";
import type { WorkItemRef } from "@/lib/recon/transition-work-item";
import { AppError } from "@/lib/errors/app-error";

export async function getCardSubletDetails(user: KanbanUser, prepJobId: string): Promise<CardSubletDetails> {
  const job = await jobOfUserOrThrow(user, prepJobId);
  return jobSubletDetails(kysely(), user.organisationId, job.id);
}

export async function sendCardItemToSublet(
  staff: CardStaff,
  ref: WorkItemRef,
  input: SendToSubletInput,
): Promise<SentToSublet> {
  const job = await jobOfUserOrThrow(staff.user, ref.prepJobId);
  return sendWorkItemToSublet(staff.recon, { prepJobId: job.id, itemId: ref.itemId }, input);
}

export async function revokeCardSubletLink(
  staff: CardStaff,
  ref: { prepJobId: string; linkId: string },
): Promise<null> {
  const job = await jobOfUserOrThrow(staff.user, ref.prepJobId);
  await revokeSubletLink(kysely(), staff.recon, { prepJobId: job.id, linkId: ref.linkId });
  return null;
}

/** The drawer's upload: a form with the photo (`photo`, a JPEG or PNG file) and its id (`clientId`). */
export async function addCardWorkItemPhoto(
  staff: CardStaff,
  ref: WorkItemRef,
  form: unknown,
): Promise<SubletPhoto> {
  const job = await jobOfUserOrThrow(staff.user, ref.prepJobId);
  const photo = form instanceof FormData ? form.get("photo") : null;
  const clientId = clientPhotoId.safeParse(form instanceof FormData ? form.get("clientId") : null);
  if (!(photo instanceof Blob) || !clientId.success) {
    throw new AppError("VALIDATION_ERROR", "Choose a photo (a JPEG or PNG image) to attach.");
  }
  const image = await readImageFile(photo);
  return addStaffWorkItemPhoto(
    staff.recon,
    { prepJobId: job.id, itemId: ref.itemId },
    { clientId: clientId.data, image },
  );
}
