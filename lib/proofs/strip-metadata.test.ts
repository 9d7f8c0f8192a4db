import { describe, expect, it } from "vitest";
import { containsText, GPS_MARKER, jpegWithGps, pngWithGps } from "@/test/image-fixtures";
import { sniffImage, stripMetadata, UnreadableImage } from "@/lib/proofs/strip-metadata";

describe("stripMetadata", () => {
  it("drops a JPEG's EXIF (its GPS position) and comments, and keeps JFIF, tables and the scan", () => {
    const original = jpegWithGps();
    expect(containsText(original, GPS_MARKER)).toBe(true);
    const stripped = stripMetadata(original, "image/jpeg");
    expect(containsText(stripped, GPS_MARKER)).toBe(false);
    expect(containsText(stripped, "Exif")).toBe(false);
    expect(containsText(stripped, "taken at home")).toBe(false);
    expect(containsText(stripped, "JFIF")).toBe(true);
    expect(Array.from(stripped.subarray(0, 2))).toEqual([0xff, 0xd8]);
    expect(Array.from(stripped.subarray(-2))).toEqual([0xff, 0xd9]);
    // Everything from the scan on is unchanged.
    const scanAt = (bytes: Uint8Array) => Buffer.from(bytes).indexOf(Buffer.from([0xff, 0xda]));
    expect(Buffer.from(stripped.subarray(scanAt(stripped)))).toEqual(
      Buffer.from(original.subarray(scanAt(original))),
    );
    expect(stripMetadata(stripped, "image/jpeg")).toEqual(stripped);
  });

  it("drops a PNG's eXIf and text chunks", () => {
    const stripped = stripMetadata(pngWithGps(), "image/png");
    expect(containsText(stripped, GPS_MARKER)).toBe(false);
    expect(containsText(stripped, "Location")).toBe(false);
    expect(containsText(stripped, "IHDR")).toBe(true);
    expect(containsText(stripped, "IDAT")).toBe(true);
    expect(containsText(stripped, "IEND")).toBe(true);
  });

  it("refuses a truncated image rather than keeping part of its metadata", () => {
    expect(() => stripMetadata(jpegWithGps().subarray(0, 12), "image/jpeg")).toThrow(UnreadableImage);
    expect(() => stripMetadata(pngWithGps().subarray(0, 30), "image/png")).toThrow(UnreadableImage);
  });

  it("knows an image by its bytes, not its name", () => {
    expect(sniffImage(jpegWithGps())).toBe("image/jpeg");
    expect(sniffImage(pngWithGps())).toBe("image/png");
    expect(sniffImage(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
  });
});
