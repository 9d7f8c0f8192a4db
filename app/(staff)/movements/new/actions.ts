"use server";
// The create wizard's submission. Only dispatchers and admins; the input is validated again here with
// the wizard's and the API's schemas (a browser can send anything). On success the new request opens
// on the board; otherwise the client gets { code, message, errors[{path, message}] } to show inline.
import { redirect } from "next/navigation";
import type { WizardFailure } from "@/components/wizard/create-movement-wizard";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { submitWizard } from "@/lib/movement-requests/wizard/submit-wizard";
import { recordWriteFence } from "@/lib/read-replicas/read-kysely";

export async function createMovementRequestAction(input: unknown): Promise<WizardFailure> {
  const staff = await requireStaff(rolesWith("dispatch"));
  const result = await submitWizard({ organisationId: staff.organisationId, email: staff.user.email }, input);
  if (!result.ok) return result;
  // The board it opens must find the new request, on whichever process serves it (lib/read-replicas).
  await recordWriteFence();
  // The board opens a request's detail panel from ?open=<id> (app/(staff)/board/page.tsx).
  redirect(`/board?open=${encodeURIComponent(result.id)}`);
}
