"use client";
// The /system page's one screen: tiles for the worker, the webhook backlog, the database and the build;
// the backlog's last hour as a sparkline; the organisation's endpoints with their delivery success.
// Polls GET /api/system every few seconds (react-query), starting from the server's rendering.
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Timestamp } from "@/components/integrations/timestamp";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { TableHead } from "@/components/ui/table-head";
import type { SystemStatus } from "@/lib/operations/system-status";

const REFRESH_MS = 5_000;
/** The alert rules' thresholds (docs/prometheus-alerts.yml), so that the page and the pager agree. */
const HEARTBEAT_STALE_SECONDS = 60;
const OLDEST_PENDING_ALERT_SECONDS = 5 * 60;

type Props = { initialStatus: SystemStatus; statusUrl: string };

export function SystemStatusPanel(props: Props) {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <LiveSystemStatus {...props} />
    </QueryClientProvider>
  );
}

function LiveSystemStatus({ initialStatus, statusUrl }: Props) {
  const { data: status, isError } = useQuery({
    queryKey: ["system-status"],
    queryFn: async (): Promise<SystemStatus> => {
      const response = await fetch(statusUrl, { cache: "no-store" });
      if (!response.ok) throw new Error(`GET ${statusUrl}: ${response.status}`);
      return (await response.json()) as SystemStatus;
    },
    initialData: initialStatus,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const { worker, webhooks, database, build } = status;
  const heartbeatTone: BadgeTone =
    worker.heartbeatAgeSeconds === null
      ? "danger"
      : worker.heartbeatAgeSeconds > HEARTBEAT_STALE_SECONDS
        ? "danger"
        : "success";
  const disabled = status.endpoints.filter((endpoint) => !endpoint.enabled);
  return (
    <div className="space-y-6" data-testid="system-status">
      <p className="text-sm text-slate-600" aria-live="polite">
        {isError ? (
          <Badge tone="warning" dot>
            Not refreshed: the last poll failed
          </Badge>
        ) : (
          <>
            Measured <Timestamp iso={status.measuredAt} seconds />
          </>
        )}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Tile title="Event worker" testId="tile-worker">
          <Badge tone={heartbeatTone} dot>
            {worker.heartbeatAgeSeconds === null
              ? "No worker running"
              : `Last loop ${formatAge(worker.heartbeatAgeSeconds)} ago`}
          </Badge>
          <p className="mt-2 text-sm text-slate-600">
            {worker.alive} {worker.alive === 1 ? "worker" : "workers"} alive in the last minute
          </p>
        </Tile>
        <Tile title="Webhook backlog" testId="tile-backlog">
          <p className="text-2xl font-semibold tabular-nums text-slate-900">{webhooks.backlog}</p>
          <p className="mt-1 text-sm text-slate-600">
            {webhooks.oldestPendingAt ? (
              <>
                Oldest pending:{" "}
                <span
                  className={
                    webhooks.oldestPendingAgeSeconds > OLDEST_PENDING_ALERT_SECONDS
                      ? "font-semibold text-red-700"
                      : undefined
                  }
                >
                  {formatAge(webhooks.oldestPendingAgeSeconds)} old
                </span>
              </>
            ) : (
              "Nothing pending"
            )}
          </p>
        </Tile>
        <Tile title="Database" testId="tile-database">
          <Badge tone={database.reachable ? "success" : "danger"} dot>
            {database.reachable ? "Reachable" : "Unreachable"}
          </Badge>
          <p className="mt-2 break-all text-sm text-slate-600">
            Migration: <code className="text-xs">{database.migration ?? "unknown"}</code>
          </p>
        </Tile>
        <Tile title="Build" testId="tile-build">
          <p className="break-all font-mono text-sm text-slate-900">{build.version}</p>
        </Tile>
      </div>

      <section aria-labelledby="backlog-hour">
        <Card>
          <CardHeader
            id="backlog-hour"
            title="Webhook backlog, last hour"
            description="Pending deliveries, sampled once a minute by the worker; a gap is a minute without a worker."
          />
          <div className="px-4 py-3">
            <Sparkline samples={webhooks.lastHour} now={status.measuredAt} />
          </div>
        </Card>
      </section>

      <section aria-labelledby="endpoint-health">
        <Card>
          <CardHeader
            id="endpoint-health"
            title="Webhook endpoints"
            description={`Delivery success over the last 24 hours (attempts answered with a 2xx). ${disabled.length} disabled.`}
          />
          {status.endpoints.length === 0 ? (
            <p className="px-4 py-3 text-sm text-slate-600">No webhook endpoints registered.</p>
          ) : (
            <div
              tabIndex={0}
              role="region"
              aria-label="Webhook endpoints and their delivery success"
              className="overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
            >
              <table className="w-full text-left text-sm">
                <TableHead columns={["Endpoint", "Status", "Success (24 h)", "Attempts", "Pending"]} />
                <tbody className="divide-y divide-slate-100">
                  {status.endpoints.map((endpoint) => (
                    <tr key={endpoint.id} data-testid="endpoint-row">
                      <td className="max-w-[28rem] truncate px-4 py-2 font-mono text-xs" title={endpoint.url}>
                        {endpoint.url}
                      </td>
                      <td className="px-4 py-2">
                        {endpoint.enabled ? (
                          <Badge tone="success" dot>
                            Enabled
                          </Badge>
                        ) : (
                          <span title={endpoint.disabledReason ?? undefined}>
                            <Badge tone="danger" dot>
                              Disabled
                            </Badge>{" "}
                            <Timestamp iso={endpoint.disabledAt} className="text-xs text-slate-600" />
                          </span>
                        )}
                      </td>
                      <td className="px-4 py-2 tabular-nums">
                        {endpoint.attempts === 0
                          ? "—"
                          : `${Math.round((100 * endpoint.succeeded) / endpoint.attempts)} %`}
                      </td>
                      <td className="px-4 py-2 tabular-nums">{endpoint.attempts}</td>
                      <td className="px-4 py-2 tabular-nums">{endpoint.pending}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </section>
    </div>
  );
}

function Tile({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card className="px-4 py-3" data-testid={testId}>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <div className="mt-2">{children}</div>
    </Card>
  );
}

const MINUTE_MS = 60_000;
const WIDTH = 600;
const HEIGHT = 60;

/** Sixty one-minute slots ending now; a slot without a sample breaks the line. */
function Sparkline({ samples, now }: { samples: SystemStatus["webhooks"]["lastHour"]; now: string }) {
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

/** "42 s", "3 min", "2 h 5 min". */
function formatAge(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
