// Helpers of the marketplace winner's tests: the carrier's job routes (/carrier/jobs/{id}/…) called as
// its phone calls them (the test passes them in), with whatever session the test has mocked (lib/auth/staff-auth's auth()).
import { randomUUID } from "node:crypto";
import { passedRoute, type RouteHandler } from "@/test/call-route";
import type { PhotoUploader } from "@/test/proof-kit";

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

/** The carrier job routes a test exercises, each under /carrier/jobs/{requestId}/. */
export function carrierJobApi(
  routes: Partial<Record<"view" | "actions" | "positions" | "proofs" | "upload", RouteHandler>>,
) {
  /** GET /carrier/jobs/{id}/view */
  async function viewCarrierJob(requestId: string): Promise<Answer> {
    const context = { params: Promise.resolve({ requestId }) as Promise<never> };
    return answerOf(
      await passedRoute(routes, "view")(json(`/carrier/jobs/${requestId}/view`, "GET"), context),
    );
  }

  /** POST /carrier/jobs/{id}/actions with a fresh idempotency key unless the body names one. */
  async function actOnCarrierJob(requestId: string, body: Record<string, unknown>): Promise<Answer> {
    const context = { params: Promise.resolve({ requestId }) as Promise<never> };
    const request = json(`/carrier/jobs/${requestId}/actions`, "POST", {
      idempotencyKey: randomUUID(),
      ...body,
    });
    return answerOf(await passedRoute(routes, "actions")(request, context));
  }

  /** POST /carrier/jobs/{id}/positions with a fresh idempotency key unless the body names one. */
  async function postCarrierPositions(requestId: string, body: Record<string, unknown>): Promise<Answer> {
    const context = { params: Promise.resolve({ requestId }) as Promise<never> };
    const request = json(`/carrier/jobs/${requestId}/positions`, "POST", {
      idempotencyKey: randomUUID(),
      ...body,
    });
    return answerOf(await passedRoute(routes, "positions")(request, context));
  }

  /** POST /carrier/jobs/{id}/proofs */
  async function postCarrierProof(requestId: string, body: unknown): Promise<Answer> {
    const context = { params: Promise.resolve({ requestId }) as Promise<never> };
    return answerOf(
      await passedRoute(routes, "proofs")(json(`/carrier/jobs/${requestId}/proofs`, "POST", body), context),
    );
  }

  /** PUT /carrier/jobs/{id}/proof-photos/{photoId}, as an uploader for uploadCompleteProofWith. */
  function carrierPhotoUploader(requestId: string): PhotoUploader {
    return async (photoId, bytes, type = "image/jpeg") => {
      const request = new Request(`http://localhost/carrier/jobs/${requestId}/proof-photos/${photoId}`, {
        method: "PUT",
        headers: { "content-type": type },
        body: Buffer.from(bytes),
      });
      const context = { params: Promise.resolve({ requestId, photoId }) as Promise<never> };
      return answerOf(await passedRoute(routes, "upload")(request, context));
    };
  }

  return { viewCarrierJob, actOnCarrierJob, postCarrierPositions, postCarrierProof, carrierPhotoUploader };
}
