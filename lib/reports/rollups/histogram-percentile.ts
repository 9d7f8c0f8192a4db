// percentile_cont over a histogram: rows of (bucket value, cumulative count, total count) of one group,
// as c."percent", c."cumulative", c."total". With n values in order, percentile_cont(p) is the value at
// rank p·(n−1) (from 0), interpolated between the ranks either side; the value at rank k is the first
// bucket whose cumulative count exceeds k. Exact over the bucketed values; a bucket's width is the
// precision against the raw values.
import { sql, type RawBuilder } from "@/lib/db";

export function histogramPercentile(p: number): RawBuilder<number | null> {
  // The total is the group's on every row: per row inside FILTER, through max() outside it.
  const rowRank = sql`(${p}::numeric * (c."total" - 1))`;
  const rank = sql`(${p}::numeric * (max(c."total") - 1))`;
  const below = sql`min(c."percent") FILTER (WHERE c."cumulative" > floor(${rowRank}))`;
  const above = sql`min(c."percent") FILTER (WHERE c."cumulative" > ceil(${rowRank}))`;
  return sql<number | null>`(${below} + (${rank} - floor(${rank})) * (${above} - ${below}))`;
}
