// Reads a JSON request body with a size limit, before anything is parsed: the declared length is
// checked first, and the stream is cut as soon as it passes the limit (a lying or absent
// Content-Length cannot get past it).
import { AppError } from "@/lib/errors/app-error";

export const MAX_BODY_BYTES = 1024 * 1024;

/** The parsed body, and its text (hashed for Idempotency-Key checks). */
export async function readJsonBody(request: Request): Promise<{ value: unknown; text: string }> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json" && !mediaType?.endsWith("+json")) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "The request body must be JSON (Content-Type: application/json).",
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();

  const text = await readTextWithLimit(request);
  if (text.trim() === "")
    throw new AppError("VALIDATION_ERROR", "The request body is empty; a JSON object is expected.");
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch {
    throw new AppError("VALIDATION_ERROR", "The request body is not valid JSON.");
  }
}

async function readTextWithLimit(request: Request): Promise<string> {
  const bytes = await readBytesWithLimit(request, MAX_BODY_BYTES, tooLarge);
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}

/** The body's bytes, the stream cut (and `tooLarge` thrown) as soon as it passes `limit`. */
export async function readBytesWithLimit(
  request: Request,
  limit: number,
  tooLarge: () => AppError,
): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  // One chunk (the usual small body) is returned as it came; more are joined once.
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
}

function tooLarge(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
}
