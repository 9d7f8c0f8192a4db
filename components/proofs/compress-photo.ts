// Photos are compressed on the phone before they are queued: drawn on a canvas at most 1600 px on
// their long edge and re-encoded as JPEG. A camera photo of 3–6 MB becomes a few hundred kB (within the
// server's 1 MiB per photo, and kind to a weak signal), and the canvas drops its EXIF (the position
// among it) before it leaves the phone. The server strips metadata again; it does not trust this.

const LONG_EDGE = 1600;
const QUALITY = 0.8;

export async function compressPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, LONG_EDGE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw the photo.");
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("This browser cannot encode the photo."))),
      "image/jpeg",
      QUALITY,
    ),
  );
}
