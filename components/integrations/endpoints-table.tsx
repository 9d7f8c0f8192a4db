// The webhook endpoints of one profile (Integrations page): where events go, which, and whether they
// are flowing. The URL opens the endpoint's page (actions and the attempt log).
import Link from "next/link";
import { TableHead } from "@/components/ui/table-head";
import type { WebhookEndpointResponse } from "@/lib/webhooks/schemas";
import { describeEventTypes } from "./event-types";
import { EndpointStatusBadge } from "./endpoint-status-badge";
import { Timestamp } from "./timestamp";

export function EndpointsTable({ endpoints }: { endpoints: WebhookEndpointResponse[] }) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Webhook endpoints table"
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Webhook endpoints</caption>
        <TableHead columns={["Endpoint", "Events", "Status", "Added"]} />
        <tbody className="divide-y divide-slate-200">
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id} className="hover:bg-slate-50" data-testid="endpoint-row">
              <th scope="row" className="max-w-md px-4 py-3 font-normal">
                <Link
                  href={`/integrations/endpoints/${endpoint.id}`}
                  className="block font-mono text-[0.8125rem] font-medium break-all text-blue-700 hover:underline"
                >
                  {endpoint.url}
                </Link>
                {endpoint.description ? (
                  <span className="mt-0.5 block text-slate-600">{endpoint.description}</span>
                ) : null}
              </th>
              <td className="px-4 py-3 text-slate-700">{describeEventTypes(endpoint.eventTypes)}</td>
              <td className="px-4 py-3">
                <EndpointStatusBadge endpoint={endpoint} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <Timestamp iso={endpoint.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
