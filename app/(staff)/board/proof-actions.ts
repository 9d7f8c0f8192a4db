"use server";
// The board's proofs of collection and delivery (docs/carrier-journey.md): any staff member who sees
// the board sees them, with photo links that last a quarter of an hour.
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { inlineMessage, runAction, type ActionResult } from "@/lib/http/action-result";
import type { ProofView } from "@/lib/proofs/proof-schema";
import { listRequestProofs } from "@/lib/movement-requests/list-request-proofs";
import { PAGE_LINK_TTL_SECONDS } from "@/lib/proofs/signed-photo-url";
import { identifierSchema } from "@/lib/schemas/common";

export async function proofsAction(requestId: string): Promise<ActionResult<ProofView[]>> {
  const staff = await requireStaff(rolesWith("view-board"));
  const result = await runAction("board", async () => {
    const { proofs } = await listRequestProofs(
      staff.scope,
      identifierSchema.parse(requestId),
      PAGE_LINK_TTL_SECONDS,
    );
    return proofs;
  });
  return result.ok ? result : { ok: false, message: inlineMessage(result) };
}
