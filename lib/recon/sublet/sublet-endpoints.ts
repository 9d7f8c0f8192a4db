// The route handlers of a sublet vendor's link (no account: the token is the credential): its items as
// JSON, an action on one of them, a photo of one, and the signed photo links. Every request of a link
// counts against its own rate-limit bucket. An unknown or revoked token is 404, bad input 400 (413, 415
// for a photo), a move the item no longer allows 409: problem bodies, never a 5xx.
import "server-only";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";
import { consumeRateLimit } from "@/lib/http/rate-limit";
import { readJsonBody } from "@/lib/http/read-json-body";
import { toAppError } from "@/lib/http/to-app-error";
import { validationError } from "@/lib/http/validation";
import { logger } from "@/lib/logger";
import { readImageBody } from "@/lib/proofs/read-image-body";
import { clientPhotoId } from "@/lib/proofs/schemas";
import { serveSignedPhoto } from "@/lib/proofs/serve-signed-photo";
import { actOnSubletItem, uploadVendorPhoto } from "@/lib/recon/sublet/act-on-sublet-item";
import { resolveSubletLink, type ResolvedSubletLink } from "@/lib/recon/sublet/resolve-sublet-link";
import { subletItemActionBody } from "@/lib/recon/sublet/schemas";
import { vendorView } from "@/lib/recon/sublet/vendor-items";
import { readWorkItemPhoto } from "@/lib/recon/sublet/work-item-photos";
import { identifierSchema } from "@/lib/schemas/common";

const NO_STORE = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

type Opened = { resolved: ResolvedSubletLink; headers: Record<string, string> };

async function openLink(token: string): Promise<Opened> {
  const resolved = await resolveSubletLink(token);
  if (!resolved) throw new AppError("NOT_FOUND", "This sublet link does not exist or was revoked.");
  const headers = await consumeRateLimit(
    `sublet-link:${resolved.link.id}`,
    resolved.link.organisationId,
    "this sublet link",
  );
  return { resolved, headers };
}

function itemIdOf(itemId: string): string {
  const parsed = identifierSchema.safeParse(itemId);
  if (!parsed.success)
    throw new AppError("WORK_ITEM_NOT_FOUND", "No such work item was sent to you on this job.");
  return parsed.data;
}

/** GET /sublet/{token}/view */
export function subletViewResponse(token: string): Promise<Response> {
  return answer(async () => {
    const { resolved, headers } = await openLink(token);
    return Response.json(await vendorView(kysely(), resolved), { headers: { ...NO_STORE, ...headers } });
  });
}

/** POST /sublet/{token}/items/{itemId} `{"action": "accept" | "price" | "done", "priceCents"?}` */
export function subletActionResponse(request: Request, token: string, itemId: string): Promise<Response> {
  return answer(async () => {
    const { resolved, headers } = await openLink(token);
    const id = itemIdOf(itemId);
    const parsed = subletItemActionBody.safeParse((await readJsonBody(request)).value);
    if (!parsed.success) throw validationError(parsed.error, "body");
    const item = await actOnSubletItem(resolved, id, parsed.data);
    return Response.json(item, { headers: { ...NO_STORE, ...headers } });
  });
}

/** PUT /sublet/{token}/items/{itemId}/photos/{clientId}: the photo's bytes (image/jpeg or image/png). */
export function subletPhotoUploadResponse(
  request: Request,
  token: string,
  itemId: string,
  clientId: string,
): Promise<Response> {
  return answer(async () => {
    const { resolved, headers } = await openLink(token);
    const id = itemIdOf(itemId);
    const photoId = clientPhotoId.safeParse(clientId);
    if (!photoId.success) throw validationError(photoId.error, "path");
    const image = await readImageBody(request);
    const { photo, replayed } = await uploadVendorPhoto(resolved, id, photoId.data, image);
    return Response.json(photo, {
      status: replayed ? 200 : 201,
      headers: { ...NO_STORE, ...headers, ...(replayed ? { "idempotent-replayed": "true" } : {}) },
    });
  });
}

/** GET /api/work-item-photos/{id}?exp=&sig= — a work item's photo, for as long as its signed link lasts. */
export function workItemPhotoResponse(request: Request, photoId: string): Promise<Response> {
  return answer(() => serveSignedPhoto(request, photoId, (id) => readWorkItemPhoto(kysely(), id)));
}

async function answer(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "INTERNAL_SERVER_ERROR") logger.error("sublet link endpoint failed", { error });
    return problemResponse(appError);
  }
}
