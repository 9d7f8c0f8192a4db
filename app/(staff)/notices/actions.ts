"use server";
// Dismissing a notice (the banner's and the notices page's button).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { rolesWith } from "@/lib/auth/roles";
import { requireStaff } from "@/lib/auth/require-staff";
import { markNoticeRead } from "@/lib/notifications/notices";
import { recordWriteFence } from "@/lib/read-replicas/read-kysely";

const dismissNoticeInput = z.object({ noticeId: z.string().min(1).max(64) });

export async function dismissNotice(formData: FormData): Promise<void> {
  const { organisationId } = await requireStaff(rolesWith("dismiss-notices"));
  // The button posts a form; a forged call may pass anything else.
  if (!(formData instanceof FormData)) return;
  const parsed = dismissNoticeInput.safeParse({ noticeId: formData.get("noticeId") });
  if (!parsed.success) return;
  await markNoticeRead(organisationId, parsed.data.noticeId);
  await recordWriteFence();
  revalidatePath("/", "layout");
}
