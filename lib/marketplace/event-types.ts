// The marketplace's own event types that the carrier's page listens for (client-safe: no server import).
export const MARKETPLACE_AWARDED_EVENT = "movement_request.marketplace_awarded";
