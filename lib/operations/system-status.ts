// What the /system page shows (and GET /api/system answers, polled by it): the service's figures, the
// same ones the metrics endpoint's gauges read (service-figures.ts), the backlog's last hour, the
// viewer's organisation's endpoints with their delivery success, and the build. JSON-safe (ISO dates).
import { buildVersion } from "@/lib/build-version";
import { backlogLastHour, endpointHealth, readServiceFigures } from "@/lib/operations/service-figures";

export type SystemStatus = {
  measuredAt: string;
  build: { version: string };
  database: { reachable: boolean; migration: string | null };
  worker: { lastLoopAt: string | null; heartbeatAgeSeconds: number | null; alive: number };
  webhooks: {
    backlog: number;
    oldestPendingAt: string | null;
    oldestPendingAgeSeconds: number;
    endpointsDisabled: number;
    /** One sample a minute over the last hour (gaps where no worker ran). */
    lastHour: { minute: string; backlog: number; oldestPendingAgeSeconds: number }[];
  };
  /** The viewer's organisation's endpoints, the disabled ones first. */
  endpoints: {
    id: string;
    url: string;
    enabled: boolean;
    disabledAt: string | null;
    disabledReason: string | null;
    attempts: number;
    succeeded: number;
    pending: number;
  }[];
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function systemStatus(organisationId: string): Promise<SystemStatus> {
  const figures = await readServiceFigures();
  const [lastHour, endpoints] = figures.database.reachable
    ? await Promise.all([backlogLastHour(), endpointHealth(organisationId)]).catch(() => [[], []] as const)
    : ([[], []] as const);
  return {
    measuredAt: new Date().toISOString(),
    build: { version: buildVersion() },
    database: figures.database,
    worker: { ...figures.worker, lastLoopAt: iso(figures.worker.lastLoopAt) },
    webhooks: {
      ...figures.webhooks,
      oldestPendingAt: iso(figures.webhooks.oldestPendingAt),
      lastHour: lastHour.map((sample) => ({ ...sample, minute: sample.minute.toISOString() })),
    },
    endpoints: endpoints.map((endpoint) => ({
      ...endpoint,
      disabledAt: iso(endpoint.disabledAt),
    })),
  };
}
