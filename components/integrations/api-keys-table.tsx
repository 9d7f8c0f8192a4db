// A profile's API keys: name and owner, prefix, scopes, when created and last used, active or revoked
// (a revoked key stays, greyed), and Revoke. Scrolls sideways inside its card on narrow screens.
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { TableHead } from "@/components/ui/table-head";
import { API_KEY_SCOPE_LABELS, type ApiKeyView } from "@/lib/auth/api-keys/schemas";
import { Timestamp } from "./timestamp";

export function ApiKeysTable({
  apiKeys,
  onRevoke,
}: {
  apiKeys: ApiKeyView[];
  onRevoke: (key: ApiKeyView) => void;
}) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="API keys table"
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">API keys</caption>
        <TableHead
          columns={[
            "Name",
            "Key",
            "Scopes",
            "Created",
            "Last used",
            "Status",
            { label: "Actions", hidden: true },
          ]}
        />
        <tbody className="divide-y divide-slate-200">
          {apiKeys.map((key) => (
            <tr
              key={key.id}
              data-testid="api-key-row"
              className={cn(key.revokedAt && "bg-slate-50/60 text-slate-500")}
            >
              <th scope="row" className="px-4 py-3 font-normal">
                <span
                  className={cn("block font-medium", key.revokedAt ? "text-slate-600" : "text-slate-900")}
                >
                  {key.name}
                </span>
                <span className="block text-xs text-slate-600">{key.ownerEmail}</span>
              </th>
              <td className="px-4 py-3 font-mono text-[0.8125rem] whitespace-nowrap text-slate-700">
                {key.prefix}…
              </td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap gap-1">
                  {key.scopes.map((scope) => (
                    <Badge key={scope} tone={scope === "operations" ? "accent" : "info"}>
                      {API_KEY_SCOPE_LABELS[scope].label}
                    </Badge>
                  ))}
                </span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <Timestamp iso={key.createdAt} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <Timestamp iso={key.lastUsedAt} fallback="Never" />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                {key.revokedAt ? (
                  <Badge tone="neutral">
                    Revoked <Timestamp iso={key.revokedAt} />
                  </Badge>
                ) : (
                  <Badge tone="success" dot>
                    Active
                  </Badge>
                )}
              </td>
              <td className="px-4 py-3 text-right">
                {key.revokedAt ? null : (
                  <Button variant="secondary" size="sm" onClick={() => onRevoke(key)}>
                    Revoke<span className="sr-only"> {key.name}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
