// The webhook backlog's last hour on /system: one point a minute from the worker's samples.
import type { SystemStatus } from "@/lib/operations/system-status";

const MINUTE_MS = 60_000;
const WIDTH = 600;
const HEIGHT = 60;

/** Sixty one-minute slots ending now; a slot without a sample breaks the line. */
export function BacklogSparkline({
  samples,
  now,
}: {
  samples: SystemStatus["webhooks"]["lastHour"];
  now: string;
}) {
  const end = Math.floor(new Date(now).getTime() / MINUTE_MS);
  const bySlot = new Map(
    samples.map((sample) => [Math.floor(new Date(sample.minute).getTime() / MINUTE_MS), sample]),
  );
  const highest = Math.max(0, ...samples.map((sample) => sample.backlog));
  const peak = Math.max(1, highest);
  const segments: string[][] = [[]];
  for (let slot = 0; slot < 60; slot++) {
    const sample = bySlot.get(end - 59 + slot);
    if (!sample) {
      if (segments.at(-1)!.length > 0) segments.push([]);
      continue;
    }
    const x = (slot / 59) * WIDTH;
    const y = HEIGHT - 2 - (sample.backlog / peak) * (HEIGHT - 4);
    segments.at(-1)!.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  const latest = samples.at(-1);
  const label =
    samples.length === 0
      ? "No samples in the last hour"
      : `Backlog over the last hour: peak ${highest}, latest ${latest?.backlog ?? 0}, ${samples.length} of 60 minutes sampled`;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-16 w-full"
        role="img"
        aria-label={label}
        data-testid="backlog-sparkline"
      >
        <line
          x1="0"
          y1={HEIGHT - 1}
          x2={WIDTH}
          y2={HEIGHT - 1}
          className="stroke-slate-200"
          strokeWidth="1"
        />
        {segments
          .filter((points) => points.length > 0)
          .map((points, index) =>
            points.length === 1 ? (
              <circle
                key={index}
                cx={points[0]!.split(",")[0]}
                cy={points[0]!.split(",")[1]}
                r="2"
                className="fill-blue-600"
              />
            ) : (
              <polyline
                key={index}
                points={points.join(" ")}
                fill="none"
                className="stroke-blue-600"
                strokeWidth="2"
                vectorEffect="non-scaling-stroke"
              />
            ),
          )}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-600">
        <span>60 min ago</span>
        <span>{label}</span>
        <span>now</span>
      </figcaption>
    </figure>
  );
}
