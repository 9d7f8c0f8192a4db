// A history table's retention ("90d", "25mo", "forever": lib/env.ts) and what it expires. A month's
// partition expires once all of it is older than the retention: the month after it began before the
// cutoff. Months are UTC's.
import { env } from "@/lib/env";
import type { HistoryTable } from "@/lib/history/history-tables";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest instant a table keeps, or null when it keeps everything. */
export function retentionCutoff(retention: string, now: Date): Date | null {
  if (retention === "forever") return null;
  const match = /^(\d+)(d|mo)$/.exec(retention);
  if (!match) throw new Error(`Not a retention: ${retention}`);
  const amount = Number(match[1]);
  if (match[2] === "d") return new Date(now.getTime() - amount * DAY_MS);
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - amount);
  return cutoff;
}

/** Whether the month ("YYYY-MM") holds nothing the table still keeps. */
export function monthExpired(month: string, cutoff: Date | null): boolean {
  if (!cutoff) return false;
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const nextMonthStart = Date.UTC(year, monthNumber, 1);
  return nextMonthStart <= cutoff.getTime();
}

export function tableRetentionCutoff(table: HistoryTable, now: Date): Date | null {
  return retentionCutoff(env()[table.retentionSetting], now);
}
