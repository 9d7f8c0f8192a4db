// Helpers of the marketplace winner's tests: the carrier's job routes (/carrier/jobs/{id}/…) called as
// its phone calls them, with whatever session the test has mocked (lib/auth/staff-auth's auth()).
import { randomUUID } from "node:crypto";
import { POST as actionsRoute } from "@/app/carrier/jobs/[requestId]/actions/route";
import { POST as positionsRoute } from "@/app/carrier/jobs/[requestId]/positions/route";
import { PUT as uploadRoute } from "@/app/carrier/jobs/[requestId]/proof-photos/[photoId]/route";
import { POST as proofsRoute } from "@/app/carrier/jobs/[requestId]/proofs/route";
import { GET as viewRoute } from "@/app/carrier/jobs/[requestId]/view/route";
import type { PhotoUploader } from "@/test/proof-kit";

type Context<P> = { params: Promise<P> };
type Answer = { status: number; body: Record<string, unknown>; response: Response };

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, response };
}

function json(path: string, method: string, body?: unknown): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** GET /carrier/jobs/{id}/view */
export async function viewCarrierJob(requestId: string): Promise<Answer> {
  const context: Context<{ requestId: string }> = { params: Promise.resolve({ requestId }) };
  return answerOf(await viewRoute(json(`/carrier/jobs/${requestId}/view`, "GET"), context));
}

/** POST /carrier/jobs/{id}/actions with a fresh idempotency key unless the body names one. */
export async function actOnCarrierJob(requestId: string, body: Record<string, unknown>): Promise<Answer> {
  const context: Context<{ requestId: string }> = { params: Promise.resolve({ requestId }) };
  const request = json(`/carrier/jobs/${requestId}/actions`, "POST", {
    idempotencyKey: randomUUID(),
    ...body,
  });
  return answerOf(await actionsRoute(request, context));
}

/** POST /carrier/jobs/{id}/positions with a fresh idempotency key unless the body names one. */
export async function postCarrierPositions(
  requestId: string,
  body: Record<string, unknown>,
): Promise<Answer> {
  const context: Context<{ requestId: string }> = { params: Promise.resolve({ requestId }) };
  const request = json(`/carrier/jobs/${requestId}/positions`, "POST", {
    idempotencyKey: randomUUID(),
    ...body,
  });
  return answerOf(await positionsRoute(request, context));
}

/** POST /carrier/jobs/{id}/proofs */
export async function postCarrierProof(requestId: string, body: unknown): Promise<Answer> {
  const context: Context<{ requestId: string }> = { params: Promise.resolve({ requestId }) };
  return answerOf(await proofsRoute(json(`/carrier/jobs/${requestId}/proofs`, "POST", body), context));
}

/** PUT /carrier/jobs/{id}/proof-photos/{photoId}, as an uploader for uploadCompleteProofWith. */
export function carrierPhotoUploader(requestId: string): PhotoUploader {
  return async (photoId, bytes, type = "image/jpeg") => {
    const request = new Request(`http://localhost/carrier/jobs/${requestId}/proof-photos/${photoId}`, {
      method: "PUT",
      headers: { "content-type": type },
      body: Buffer.from(bytes),
    });
    const context: Context<{ requestId: string; photoId: string }> = {
      params: Promise.resolve({ requestId, photoId }),
    };
    return answerOf(await uploadRoute(request, context));
  };
}
