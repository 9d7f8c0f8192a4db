// Vehicle identifiers: UK registration marks (VRM) and vehicle identification numbers (VIN).

// The issued VRM formats, matched on the mark without spaces and upper-cased. They check the shape
// only: which letters and age identifiers the DVLA allocates changes with every release and with
// cherished transfers, so allocation rules would reject real marks. A serial number never has a
// leading zero (1–999, or 1–9999 on dateless marks); the age identifier of a current mark may ("02").
const SERIAL_UP_TO_999 = "[1-9][0-9]{0,2}";
const SERIAL_UP_TO_9999 = "[1-9][0-9]{0,3}";

const VRM_FORMATS = {
  // Since September 2001: area letters, age identifier, random letters ("AB12 CDE").
  current: /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/,
  // 1983–2001: year letter, serial, letters ("A123 BCD").
  prefix: new RegExp(`^[A-Z]${SERIAL_UP_TO_999}[A-Z]{3}$`),
  // 1963–1983: letters, serial, year letter ("ABC 123D").
  suffix: new RegExp(`^[A-Z]{3}${SERIAL_UP_TO_999}[A-Z]$`),
  // Before 1963: one or two letters with up to four digits, or three letters with up to three digits.
  datelessLettersFirst: new RegExp(`^(?:[A-Z]{1,2}${SERIAL_UP_TO_9999}|[A-Z]{3}${SERIAL_UP_TO_999})$`),
  // The same, reversed ("1 ABC", "1234 AB").
  datelessDigitsFirst: new RegExp(`^(?:${SERIAL_UP_TO_9999}[A-Z]{1,2}|${SERIAL_UP_TO_999}[A-Z]{3})$`),
  // Northern Ireland since 1966: serial letter, county code (always holding an I or a Z), up to four
  // digits ("ABZ 1234"); its older two-letter and reversed marks already fit the dateless formats.
  northernIreland: new RegExp(`^[A-Z](?:[IZ][A-Z]|[A-Z][IZ])${SERIAL_UP_TO_9999}$`),
} as const;

// Letters and digits in groups separated by single spaces: no leading, trailing or double spaces.
const SINGLE_SPACED_ALPHANUMERIC = /^[A-Z0-9]+(?: [A-Z0-9]+)*$/i;

export function isValidVrm(vrm: string): boolean {
  if (!SINGLE_SPACED_ALPHANUMERIC.test(vrm)) return false;
  const mark = vrm.replaceAll(" ", "").toUpperCase();
  return Object.values(VRM_FORMATS).some((format) => format.test(mark));
}

// ISO 3779: 17 letters and digits without I, O and Q (too easily read as 1 and 0). Either case is
// accepted, as people type them. The check digit (position 9) is not enforced: only North American
// VINs are required to carry one, and the group moves vehicles built for other markets.
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/i;

export function isValidVin(vin: string): boolean {
  return VIN_PATTERN.test(vin);
}
