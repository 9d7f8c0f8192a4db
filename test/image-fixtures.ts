// Images for the proof tests: JPEG and PNG byte layouts with location metadata in them (an EXIF APP1
// segment naming a GPS position; PNG eXIf and tEXt chunks), to check it never reaches a customer.
// Their pixels are not decodable (the server never decodes; the e2e test draws real ones in the
// browser and adds the EXIF with withGpsExif).

/** A marker the EXIF segment carries, looked for in what the service stores and serves. */
export const GPS_MARKER = "GPSLatitude=51.50722N;GPSLongitude=0.12750W";

function segment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2;
  return Uint8Array.from([0xff, marker, length >> 8, length & 0xff, ...payload]);
}

const ascii = (text: string) => new TextEncoder().encode(text);

/** The JPEG with an EXIF APP1 segment (with a GPS position) right after its SOI. */
export function withGpsExif(jpeg: Uint8Array): Uint8Array {
  const exif = segment(0xe1, Uint8Array.from([...ascii("Exif\0\0MM\0*"), ...ascii(GPS_MARKER)]));
  return Uint8Array.from([...jpeg.subarray(0, 2), ...exif, ...jpeg.subarray(2)]);
}

/** SOI, APP0 (JFIF), APP1 (EXIF with GPS), COM, DQT, SOS + data, EOI; `seed` varies the data bytes. */
export function jpegWithGps(seed = 1): Uint8Array {
  const jfif = segment(0xe0, ascii("JFIF\0\x01\x01\0\0\x01\0\x01\0\0"));
  const comment = segment(0xfe, ascii("taken at home"));
  const table = segment(0xdb, new Uint8Array(65).fill(seed));
  const scan = segment(0xda, Uint8Array.from([1, 1, 0, 0, 63, 0]));
  const data = Uint8Array.from({ length: 64 }, (_, index) => (index * seed) % 255);
  const body = Uint8Array.from([0xff, 0xd8, ...jfif, ...comment, ...table, ...scan, ...data, 0xff, 0xd9]);
  return withGpsExif(body);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const length = [
    data.length >>> 24,
    (data.length >> 16) & 0xff,
    (data.length >> 8) & 0xff,
    data.length & 0xff,
  ];
  return Uint8Array.from([...length, ...ascii(type), ...data, 0, 0, 0, 0]);
}

/** PNG signature, IHDR, eXIf (GPS), tEXt, IDAT, IEND (CRCs zero: the server does not decode). */
export function pngWithGps(): Uint8Array {
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", new Uint8Array(13).fill(1)),
    ...chunk("eXIf", ascii(`MM\0*${GPS_MARKER}`)),
    ...chunk("tEXt", ascii("Location\0home")),
    ...chunk("IDAT", new Uint8Array(20).fill(7)),
    ...chunk("IEND", new Uint8Array(0)),
  ]);
}

export function containsText(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes).includes(Buffer.from(text));
}
