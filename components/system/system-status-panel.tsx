"use client";
// The /system page's one screen: tiles for the worker, the webhook backlog, the database and the build;
// the backlog's last hour as a sparkline; the organisation's endpoints with their delivery success.
// Polls GET /api/system every few seconds (react-query), starting from the server's rendering.
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Timestamp } from "@/components/integrations/timestamp";
import { BacklogSparkline } from "@/components/system/backlog-sparkline";
import { EndpointHealthTable } from "@/components/system/endpoint-health-table";
import { StatusTiles } from "@/components/system/status-tiles";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import type { SystemStatus } from "@/lib/operations/system-status";

const REFRESH_MS = 5_000;

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
      <StatusTiles {...status} />

      <section aria-labelledby="backlog-hour">
        <Card>
          <CardHeader
            id="backlog-hour"
            title="Webhook backlog, last hour"
            description="Pending deliveries, sampled once a minute by the worker; a gap is a minute without a worker."
          />
          <div className="px-4 py-3">
            <BacklogSparkline samples={status.webhooks.lastHour} now={status.measuredAt} />
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
          <EndpointHealthTable endpoints={status.endpoints} />
        </Card>
      </section>
    </div>
  );
}
