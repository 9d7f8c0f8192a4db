// An uploaded photo's bytes: at most 1 MiB (the front door's limit for every non-API body; a phone's
// re-encoded photo is a few hundred kB), JPEG or PNG by its bytes, its metadata stripped. Bad uploads
// are 413, 415 or 400 problems, never a 500.
import { AppError } from "@/lib/errors/app-error";
import { MAX_BODY_BYTES, readBytesWithLimit } from "@/lib/http/read-json-body";
import { sniffImage, stripMetadata, UnreadableImage, type ImageType } from "@/lib/proofs/strip-metadata";

export const MAX_PHOTO_BYTES = MAX_BODY_BYTES;
const ACCEPTED_TYPES = new Set(["image/jpeg", "image/png"]);

export async function readImageBody(request: Request): Promise<{ bytes: Uint8Array; type: ImageType }> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  assertAcceptedType(mediaType);
  if (Number(request.headers.get("content-length") ?? "0") > MAX_PHOTO_BYTES) throw tooLarge();
  return imageOfBytes(await readBytesWithLimit(request, MAX_PHOTO_BYTES, tooLarge), mediaType);
}

/** A photo that came as a file of a form (a staff drawer's upload): the same checks as a body's. */
export async function readImageFile(file: Blob): Promise<{ bytes: Uint8Array; type: ImageType }> {
  const mediaType = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
  assertAcceptedType(mediaType);
  if (file.size > MAX_PHOTO_BYTES) throw tooLarge();
  return imageOfBytes(new Uint8Array(await file.arrayBuffer()), mediaType);
}

function assertAcceptedType(mediaType: string): void {
  if (!ACCEPTED_TYPES.has(mediaType)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the photo as image/jpeg (or the signature as image/png).",
    );
  }
}

function imageOfBytes(raw: Uint8Array, mediaType: string): { bytes: Uint8Array; type: ImageType } {
  if (raw.length === 0)
    throw new AppError("VALIDATION_ERROR", "The request body is empty; a photo is expected.");
  const type = sniffImage(raw);
  if (!type || type !== mediaType) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `The body is not a ${mediaType === "image/png" ? "PNG" : "JPEG"} image.`,
    );
  }
  try {
    return { bytes: stripMetadata(raw, type), type };
  } catch (error) {
    if (error instanceof UnreadableImage) throw new AppError("VALIDATION_ERROR", error.message);
    throw error;
  }
}

function tooLarge(): AppError {
  return new AppError(
    "PAYLOAD_TOO_LARGE",
    `A photo may be at most ${MAX_PHOTO_BYTES} bytes; compress it first.`,
  );
}
