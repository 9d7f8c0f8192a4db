// The four tiles at the top of /system: the worker's heartbeat, the webhook backlog, the database, the build.
import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { SystemStatus } from "@/lib/operations/system-status";

/** The alert rules' thresholds (docs/prometheus-alerts.yml), so that the page and the pager agree. */
const HEARTBEAT_STALE_SECONDS = 60;
const OLDEST_PENDING_ALERT_SECONDS = 5 * 60;

export function StatusTiles({ worker, webhooks, database, build }: SystemStatus) {
  const heartbeatTone: BadgeTone =
    worker.heartbeatAgeSeconds === null || worker.heartbeatAgeSeconds > HEARTBEAT_STALE_SECONDS
      ? "danger"
      : "success";
  return (
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

/** "42 s", "3 min", "2 h 5 min". */
function formatAge(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
