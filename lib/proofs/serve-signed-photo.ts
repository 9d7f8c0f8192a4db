// A photo behind a signed link (signed-photo-url.ts): the link is checked, then the photo's bytes are
// read by the caller's lookup and sent privately, cached no longer than the link lives. Proof photos and
// work items' photos are served by it. Bad or expired links are 403, an unknown photo 404 (AppErrors).
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { ULID_PATTERN } from "@/lib/ids";
import type { StoredObject } from "@/lib/object-store/object-store";
import { checkPhotoLink } from "@/lib/proofs/signed-photo-url";

export async function serveSignedPhoto(
  request: Request,
  photoId: string,
  lookup: (photoId: string) => Promise<StoredObject | null>,
): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const check = ULID_PATTERN.test(photoId)
    ? checkPhotoLink(photoId, query.get("exp"), query.get("sig"))
    : "invalid";
  if (check === "invalid") throw new AppError("FORBIDDEN", "This photo link is not valid.");
  if (check === "expired") throw new AppError("FORBIDDEN", "This photo link has expired; ask for a new one.");
  const object = await lookup(photoId);
  if (!object) throw new AppError("NOT_FOUND", "This photo does not exist.");
  const secondsLeft = Math.max(0, Number(query.get("exp")) - Math.floor(Date.now() / 1000));
  return new Response(Buffer.from(object.bytes), {
    headers: {
      "content-type": object.contentType,
      "content-length": String(object.bytes.length),
      "cache-control": `private, max-age=${Math.min(secondsLeft, 3600)}`,
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
      "referrer-policy": "no-referrer",
    },
  });
}
