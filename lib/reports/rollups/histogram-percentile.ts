// percentile_cont over a histogram: rows of (bucket value, cumulative count, total count) of one group,
// as c.<value>, c."cumulative", c."total". With n values in order, percentile_cont(p) is the value at
// rank p·(n−1) (from 0), interpolated between the ranks either side; the value at rank k is the first
// bucket whose cumulative count exceeds k. Exact over the bucketed values; a bucket's width is the
// precision against the raw values.
import { sql, type RawBuilder } from "@/lib/db";

export function histogramPercentile(
  p: number,
  value: "percent" | "value" = "percent",
): RawBuilder<number | null> {
  const column = sql.ref(`c.${value}`);
  // The total is the group's on every row: per row inside FILTER, through max() outside it.
  const rowRank = sql`(${p}::numeric * (c."total" - 1))`;
  const rank = sql`(${p}::numeric * (max(c."total") - 1))`;
  const below = sql`min(${column}) FILTER (WHERE c."cumulative" > floor(${rowRank}))`;
  const above = sql`min(${column}) FILTER (WHERE c."cumulative" > ceil(${rowRank}))`;
  return sql<number | null>`(${below} + (${rank} - floor(${rank})) * (${above} - ${below}))`;
}

/** The logarithmic buckets of the prep histograms: 2 % steps of (1 + value), value ≥ 0 (a negative one
 * counts as 0 here, an error in the data). */
export const LOG_BUCKETS_PER_E = 50;

export function logBucket(value: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`round(${LOG_BUCKETS_PER_E} * ln(1 + greatest(${value}, 0)))::int`;
}
