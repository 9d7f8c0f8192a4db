// How the Integrations pages name the webhook event types.
import type { SubscribableEventType } from "@/lib/events/movement-envelope";

export const EVENT_TYPE_LABELS: Record<SubscribableEventType, { label: string; description: string }> = {
  "movement.collected": { label: "Collected", description: "The vehicle left the origin." },
  "movement.delivered": { label: "Delivered", description: "The vehicle arrived at the destination." },
  "movement.cancelled": { label: "Cancelled", description: "The movement was cancelled before collection." },
  "movement.aborted": { label: "Aborted", description: "The movement was abandoned after it started." },
  "movement.at_risk": {
    label: "At risk",
    description: "It will likely miss its deadline, or is back on track. Sent only when ticked.",
  },
  "movement.eta_changed": {
    label: "Arrival estimate moved",
    description: "Its estimated arrival window moved by 30 minutes or more. Sent only when ticked.",
  },
  "prep_job.work_item_changed": {
    label: "Recon work item changed",
    description: "A prep job's work item was added, edited or moved on. Sent only when ticked.",
  },
  "prep_job.estimate_awaiting_approval": {
    label: "Estimate awaiting approval",
    description: "A work item's estimate waits for an approver. Sent only when ticked.",
  },
};

/** "All movement events" for an empty subscription (opt-in types excluded), else the labels. */
export function describeEventTypes(eventTypes: readonly string[]): string {
  if (eventTypes.length === 0) return "All movement events";
  return eventTypes.map((type) => eventTypeLabel(type)).join(", ");
}

export function eventTypeLabel(type: string): string {
  return EVENT_TYPE_LABELS[type as SubscribableEventType]?.label ?? type;
}
