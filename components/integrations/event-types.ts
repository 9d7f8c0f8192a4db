// How the Integrations pages name the webhook event types.
import type { WebhookEventType } from "@/lib/events/movement-envelope";

export const EVENT_TYPE_LABELS: Record<WebhookEventType, { label: string; description: string }> = {
  "movement.collected": { label: "Collected", description: "The vehicle left the origin." },
  "movement.delivered": { label: "Delivered", description: "The vehicle arrived at the destination." },
  "movement.cancelled": { label: "Cancelled", description: "The movement was cancelled before collection." },
  "movement.aborted": { label: "Aborted", description: "The movement was abandoned after it started." },
};

/** "All events" for an empty subscription, else the labels. */
export function describeEventTypes(eventTypes: readonly string[]): string {
  if (eventTypes.length === 0) return "All events";
  return eventTypes.map((type) => EVENT_TYPE_LABELS[type as WebhookEventType]?.label ?? type).join(", ");
}
