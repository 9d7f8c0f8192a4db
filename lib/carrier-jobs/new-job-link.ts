// A dispatcher makes a new link for a carrier of the request (to copy or show as a QR code: a token
// is shown once, so a link handed out again is a new one; the carrier's older link stops working and
// the new one is e-mailed to a driver). Only for a carrier a link would work for now.
import "server-only";
import QRCode from "qrcode";
import { transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { linkableCarriers } from "@/lib/carrier-jobs/list-job-links";
import { loadStandingRequest } from "@/lib/carrier-jobs/resolve-job-link";
import { issueJobLink, type JobCarrier } from "@/lib/movement-requests/issue-job-link";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";

export type NewJobLink = { url: string; qrSvg: string };

export async function newJobLink(
  scope: ActorScope,
  requestId: string,
  carrier: JobCarrier,
): Promise<NewJobLink> {
  const now = new Date();
  const url = await transaction(async (tx) => {
    // Locked like any change of the request, so that an offer moving on cannot interleave.
    await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    const { request, standingRequest } = await loadStandingRequest(tx, {
      organisationId: scope.organisationId,
      movementRequestId: requestId,
    });
    const key = (candidate: JobCarrier) =>
      "driverId" in candidate ? `d:${candidate.driverId}` : `p:${candidate.thirdPartyLogisticsProviderId}`;
    if (!linkableCarriers(standingRequest).some((candidate) => key(candidate) === key(carrier))) {
      throw new AppError(
        "INVALID_STATUS_TRANSITION",
        "This carrier holds no leg or open offer of this movement request.",
      );
    }
    return (await issueJobLink(tx, request, carrier, { actor: scope.actor, now })).url;
  });
  // SVG: crisp at any size on a phone held up to the screen, and no image endpoint to serve.
  const qrSvg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { url, qrSvg };
}
