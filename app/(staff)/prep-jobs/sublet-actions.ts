"use server";
// The card drawer's sublet work and photos (issue 37): read them, send an item to a sublet vendor (its
// link made or reused, e-mailed if asked), revoke a vendor's link, attach a photo to an item. Prep
// staff and admins, only jobs of the sites their board offers (lib/prep-jobs/kanban/card-sublet.ts).
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { logger } from "@/lib/logger";
import {
  addCardWorkItemPhoto,
  getCardSubletDetails,
  revokeCardSubletLink,
  sendCardItemToSublet,
} from "@/lib/prep-jobs/kanban/card-sublet";
import { cardStaffOf } from "@/lib/prep-jobs/kanban/card-work-items";
import type { CardSubletDetails, SubletPhoto } from "@/lib/recon/sublet/schemas";
import { sendToSubletInput } from "@/lib/recon/sublet/schemas";
import type { SentToSublet } from "@/lib/recon/sublet/send-to-sublet";
import { identifiersOf } from "@/lib/schemas/common";

const NO_ITEM = "That work item does not exist.";

/** The job's vendors, vendor links, items' vendors and photos: anyone who sees the board. */
export async function loadCardSubletAction(prepJobId: unknown): Promise<ActionResult<CardSubletDetails>> {
  const staff = await requireStaff(rolesWith("view-prep-jobs"));
  const ids = identifiersOf(prepJobId);
  if (!ids) return { ok: false, message: "That prep job does not exist." };
  return runAction("sublet details", () => getCardSubletDetails(cardStaffOf(staff).user, ids[0] as string));
}

/** "At sublet": the item to a vendor of the list or a new one, with the vendor's link for the job. */
export async function sendToSubletAction(
  prepJobId: unknown,
  itemId: unknown,
  input: unknown,
): Promise<ActionResult<SentToSublet>> {
  const staff = await requireStaff(rolesWith("work-prep-jobs"));
  const ids = identifiersOf(prepJobId, itemId);
  if (!ids) return { ok: false, message: NO_ITEM };
  const [job, item] = ids as [string, string];
  return runAction("send to sublet", async () => {
    const sent = await sendCardItemToSublet(
      cardStaffOf(staff),
      { prepJobId: job, itemId: item },
      sendToSubletInput.parse(input),
    );
    logger.info("work item sent to sublet", { itemId: item, vendorId: sent.vendor.id, actor: staff.actor });
    return sent;
  });
}

export async function revokeSubletLinkAction(
  prepJobId: unknown,
  linkId: unknown,
): Promise<ActionResult<null>> {
  const staff = await requireStaff(rolesWith("work-prep-jobs"));
  const ids = identifiersOf(prepJobId, linkId);
  if (!ids) return { ok: false, message: "That link does not exist." };
  const [job, link] = ids as [string, string];
  return runAction("revoke sublet link", async () => {
    await revokeCardSubletLink(cardStaffOf(staff), { prepJobId: job, linkId: link });
    logger.info("sublet link revoked", { subletLinkId: link, actor: staff.actor });
    return null;
  });
}

/** A photo of an item (FormData: `photo`, `clientId`): JPEG or PNG, at most 1 MiB. */
export async function addWorkItemPhotoAction(
  prepJobId: unknown,
  itemId: unknown,
  form: unknown,
): Promise<ActionResult<SubletPhoto>> {
  const staff = await requireStaff(rolesWith("work-prep-jobs"));
  const ids = identifiersOf(prepJobId, itemId);
  if (!ids) return { ok: false, message: NO_ITEM };
  const [job, item] = ids as [string, string];
  return runAction("work item photo", () =>
    addCardWorkItemPhoto(cardStaffOf(staff), { prepJobId: job, itemId: item }, form),
  );
}
