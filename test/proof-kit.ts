// Helpers of the proof integration tests: the job page's proof routes called as a phone calls them,
// (passed in by the test), and a complete proof of the default minimum set.
import { randomUUID } from "node:crypto";
import type { ProofBody } from "@/lib/proofs/schemas";
import { passedRoute, type RouteHandler } from "@/test/call-route";
import { jpegWithGps, pngWithGps } from "@/test/image-fixtures";

const DEFAULT_SLOTS = ["front_left", "front_right", "rear_left", "rear_right", "odometer"] as const;

/** The proof routes a test exercises: PUT a job's photo, POST its proof, GET a signed photo link. */
export function proofApi(routes: Partial<Record<"upload" | "proofs" | "photo", RouteHandler>>) {
  /** PUT /jobs/{token}/proof-photos/{photoId} with raw bytes. */
  async function uploadPhoto(token: string, photoId: string, bytes: Uint8Array, type = "image/jpeg") {
    const request = new Request(`http://localhost/jobs/${token}/proof-photos/${photoId}`, {
      method: "PUT",
      headers: { "content-type": type },
      body: Buffer.from(bytes),
    });
    const response = await passedRoute(routes, "upload")(request, {
      params: Promise.resolve({ token, photoId }) as Promise<never>,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
  }

  /** POST /jobs/{token}/proofs */
  async function postProof(token: string, body: unknown) {
    const request = new Request(`http://localhost/jobs/${token}/proofs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const response = await passedRoute(routes, "proofs")(request, {
      params: Promise.resolve({ token }) as Promise<never>,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
  }

  /** GET a signed photo link through its route. */
  async function fetchPhoto(url: string) {
    const photoId = new URL(url).pathname.split("/").at(-1) ?? "";
    return passedRoute(routes, "photo")(new Request(url), {
      params: Promise.resolve({ photoId }) as Promise<never>,
    });
  }

  /** Uploads the default minimum set, a damage photo and a signature; the proof that names them. */
  async function uploadCompleteProof(
    token: string,
    kind: ProofBody["kind"] = "collection",
  ): Promise<ProofBody> {
    return uploadCompleteProofWith((photoId, bytes, type) => uploadPhoto(token, photoId, bytes, type), kind);
  }

  return { uploadPhoto, postProof, fetchPhoto, uploadCompleteProof };
}

export type PhotoUploader = (
  photoId: string,
  bytes: Uint8Array,
  type?: string,
) => Promise<{ status: number; body: unknown }>;

/** As uploadCompleteProof, through any job's upload route (a token's, or a signed-in carrier's). */
export async function uploadCompleteProofWith(
  upload: PhotoUploader,
  kind: ProofBody["kind"] = "collection",
): Promise<ProofBody> {
  const ids = DEFAULT_SLOTS.map(() => randomUUID());
  for (const [index, id] of ids.entries()) {
    expect201(await upload(id, jpegWithGps(index + 1)));
  }
  const damageId = randomUUID();
  expect201(await upload(damageId, jpegWithGps(9)));
  const signatureId = randomUUID();
  expect201(await upload(signatureId, pngWithGps(), "image/png"));
  return {
    idempotencyKey: randomUUID(),
    kind,
    recordedAt: "2026-11-26T09:15:00.000Z",
    odometer: 48213,
    personName: "Sam Porter",
    signaturePhotoId: signatureId,
    position: { latitude: 51.5072, longitude: -0.1275, accuracyMetres: 12 },
    photos: DEFAULT_SLOTS.map((slot, index) => ({ slot, photoId: ids[index] ?? "" })),
    damage: [{ panel: "front_left_door", note: "Scratch, 10 cm", photoId: damageId }],
  };
}

function expect201(result: { status: number; body: unknown }) {
  if (result.status !== 201) throw new Error(`upload: ${result.status} ${JSON.stringify(result.body)}`);
}
