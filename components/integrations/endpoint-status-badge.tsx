import { Badge } from "@/components/ui/badge";
import type { WebhookEndpointResponse } from "@/lib/webhooks/schemas";
import { MANUALLY_DISABLED_REASON } from "@/lib/webhooks/update-endpoint";

/** Enabled; disabled by an admin; or disabled by the service after days of failures. */
export function EndpointStatusBadge({
  endpoint,
}: {
  endpoint: Pick<WebhookEndpointResponse, "enabled" | "disabledReason">;
}) {
  if (endpoint.enabled) {
    return (
      <Badge tone="success" dot>
        Enabled
      </Badge>
    );
  }
  const automatic = endpoint.disabledReason && endpoint.disabledReason !== MANUALLY_DISABLED_REASON;
  return (
    <Badge tone={automatic ? "danger" : "neutral"} dot>
      {automatic ? "Disabled after failures" : "Disabled"}
    </Badge>
  );
}
