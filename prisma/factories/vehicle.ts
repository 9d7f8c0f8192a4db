// Vehicle identifiers that pass any validator: 17-character VINs without I, O or Q, carrying the
// ISO 3779 / North American check digit in position 9, and current-format UK registration marks.
// ISO 3779 letter values: A–H = 1–8, J–N = 1–5, P = 7, R = 9, S–Z = 2–9.
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const LETTER_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9];
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Replaces position 9 of a 17-character VIN with its check digit. */
export function withVinCheckDigit(vin: string): string {
  const upper = vin.toUpperCase();
  if (!VIN_PATTERN.test(upper)) throw new Error(`Not a VIN shape: ${vin}`);
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const char = upper.charAt(i);
    const value = /\d/.test(char) ? Number(char) : (LETTER_VALUES[LETTERS.indexOf(char)] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const remainder = sum % 11;
  return `${upper.slice(0, 8)}${remainder === 10 ? "X" : String(remainder)}${upper.slice(9)}`;
}

/** A distinct, valid VIN for the n-th test vehicle. */
export function testVin(n: number): string {
  return withVinCheckDigit(`WF0XXXGCD0M${String(n % 1_000_000).padStart(6, "0")}`);
}

const VRM_LETTERS = LETTERS;

/** A distinct current-format UK mark ("TE21 ABC") for the n-th test vehicle. */
export function testVrm(n: number): string {
  const size = VRM_LETTERS.length;
  const letter = (k: number) => VRM_LETTERS.charAt(k % size);
  const serial = n % (size * size * size);
  const age = 21 + (Math.floor(n / (size * size * size)) % 50);
  return `TE${age} ${letter(Math.floor(serial / (size * size)))}${letter(Math.floor(serial / size))}${letter(serial)}`;
}
