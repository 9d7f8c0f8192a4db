// PostgreSQL's WAL positions (pg_lsn, "16/B374D848": the high and low 32 bits in hex) as bigints, so
// that positions read from the primary and from each replica compare in memory.

export function parseLsn(text: string): bigint {
  const [high, low] = text.split("/");
  if (!high || !low || !/^[0-9A-Fa-f]{1,8}$/.test(high) || !/^[0-9A-Fa-f]{1,8}$/.test(low)) {
    throw new Error(`Not a WAL position: ${text}`);
  }
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}
