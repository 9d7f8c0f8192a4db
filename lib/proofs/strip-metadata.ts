// What the server keeps of an uploaded image: its pixels, never its metadata. The phone re-encodes
// photos through a canvas (which drops EXIF), but the server does not trust the phone: every upload is
// sniffed (JPEG or PNG by its bytes, whatever the Content-Type says) and rewritten without the parts
// that can carry a position, a device or a time.
// - JPEG: segments are kept by a list (APP0 JFIF, APP2 ICC colour profile, APP14 Adobe colour transform
//   and every non-APP segment up to the scan); APP1 (EXIF, XMP: GPS lives there), APP13 (IPTC) and the
//   other APPn and comments are dropped.
// - PNG: the critical and colour chunks are kept; eXIf and the text chunks (tEXt, iTXt, zTXt) and tIME
//   are dropped.
// Pure, so it is unit-tested (strip-metadata.test.ts).

export type ImageType = "image/jpeg" | "image/png";

export class UnreadableImage extends Error {}

export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > 8 && png.every((byte, index) => bytes[index] === byte)) return "image/png";
  return null;
}

export function stripMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  return type === "image/jpeg" ? stripJpeg(bytes) : stripPng(bytes);
}

const KEPT_APP_MARKERS = new Set([0xe0, 0xe2, 0xee]);
const START_OF_SCAN = 0xda;
const END_OF_IMAGE = 0xd9;

function stripJpeg(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) throw new UnreadableImage("Not a JPEG: a segment does not start with 0xFF.");
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === END_OF_IMAGE) {
      parts.push(bytes.subarray(offset, offset + 2));
      break;
    }
    if (offset + 4 > bytes.length) throw new UnreadableImage("Not a JPEG: a segment is cut short.");
    const length = ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) throw new UnreadableImage("Not a JPEG: a segment is cut short.");
    if (marker === START_OF_SCAN) {
      // The scan and everything after it (entropy-coded data, further scans, EOI) is image data.
      parts.push(bytes.subarray(offset));
      break;
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const isComment = marker === 0xfe;
    if (!(isApp && !KEPT_APP_MARKERS.has(marker)) && !isComment) parts.push(bytes.subarray(offset, end));
    offset = end;
  }
  return concat(parts);
}

const DROPPED_PNG_CHUNKS = new Set(["eXIf", "tEXt", "iTXt", "zTXt", "tIME"]);

function stripPng(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) throw new UnreadableImage("Not a PNG: a chunk is cut short.");
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const end = offset + 12 + length;
    if (end > bytes.length) throw new UnreadableImage("Not a PNG: a chunk is cut short.");
    if (!DROPPED_PNG_CHUNKS.has(type)) parts.push(bytes.subarray(offset, end));
    offset = end;
    if (type === "IEND") break;
  }
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
