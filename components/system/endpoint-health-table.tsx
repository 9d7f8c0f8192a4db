// The organisation's webhook endpoints on /system, with their delivery success over 24 hours.
import { Timestamp } from "@/components/integrations/timestamp";
import { Badge } from "@/components/ui/badge";
import { TableHead } from "@/components/ui/table-head";
import type { SystemStatus } from "@/lib/operations/system-status";

export function EndpointHealthTable({ endpoints }: { endpoints: SystemStatus["endpoints"] }) {
  return endpoints.length === 0 ? (
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
          {endpoints.map((endpoint) => (
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
  );
}
