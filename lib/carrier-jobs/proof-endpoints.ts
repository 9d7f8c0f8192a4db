// The proof routes: the job page's uploads (the link is the credential, rate-limited with its other
// requests) and the signed photo links. Bad input is a problem body (400, 403, 404, 409, 413, 415).
import "server-only";
import { kysely } from "@/lib/db";
import { readJsonBody } from "@/lib/http/read-json-body";
import { validationError } from "@/lib/http/validation";
import { answer, NO_STORE, type JobOpener } from "@/lib/carrier-jobs/job-endpoints";
import { proofStore } from "@/lib/proofs/proof-store";
import { readImageBody } from "@/lib/proofs/read-image-body";
import { recordProof } from "@/lib/carrier-jobs/record-proof";
import { clientPhotoId, proofBody } from "@/lib/proofs/schemas";
import { serveSignedPhoto } from "@/lib/proofs/serve-signed-photo";
import { uploadProofPhoto } from "@/lib/carrier-jobs/upload-photo";

/** PUT /jobs/{token}/proof-photos/{clientId} (or /carrier/jobs/{id}/…): the photo's bytes (image/jpeg, or image/png). */
export async function proofPhotoUploadResponse(
  request: Request,
  open: JobOpener,
  clientId: string,
): Promise<Response> {
  return answer(async () => {
    const { resolved, headers } = await open();
    const id = clientPhotoId.safeParse(clientId);
    if (!id.success) throw validationError(id.error, "path");
    const image = await readImageBody(request);
    const uploaded = await uploadProofPhoto(resolved, id.data, image);
    return Response.json(
      { photoId: uploaded.photoId, bytes: uploaded.bytes },
      {
        status: uploaded.replayed ? 200 : 201,
        headers: { ...NO_STORE, ...headers, ...(uploaded.replayed ? { "idempotent-replayed": "true" } : {}) },
      },
    );
  });
}

/** POST /jobs/{token}/proofs (or /carrier/jobs/{id}/proofs): the proof, naming its uploaded photos. */
export async function proofRecordResponse(request: Request, open: JobOpener): Promise<Response> {
  return answer(async () => {
    const { resolved, headers } = await open();
    const parsed = proofBody.safeParse((await readJsonBody(request)).value);
    if (!parsed.success) throw validationError(parsed.error, "body");
    const recorded = await recordProof(resolved, parsed.data);
    const { replayed, ...outcome } = recorded;
    return Response.json(outcome, {
      status: replayed ? 200 : 201,
      headers: { ...NO_STORE, ...headers, ...(replayed ? { "idempotent-replayed": "true" } : {}) },
    });
  });
}

/** GET /api/proof-photos/{id}?exp=&sig= — a photo, for as long as its signed link lasts. */
export async function proofPhotoResponse(request: Request, photoId: string): Promise<Response> {
  return answer(() =>
    serveSignedPhoto(request, photoId, async (id) => {
      const photo = await kysely()
        .selectFrom("ProofPhoto")
        .select(["proofId", "storageKey"])
        .where("id", "=", id)
        .executeTakeFirst();
      return photo?.proofId ? proofStore().get(photo.storageKey) : null;
    }),
  );
}
