// The prose of the OpenAPI document: info.description (Markdown, one "## " section per topic; /docs/api
// shows each section as a chapter) and the tags.
import type { oas31 } from "zod-openapi";
import { MAX_BODY_BYTES } from "@/lib/http/read-json-body";
import { TAGS } from "@/lib/openapi/operation";
import { WEBHOOKS_VERSION } from "@/lib/openapi/webhooks";

export const API_TITLE = "Vehicle Movement Service API";
/** Movement request, infrastructure and prep job interface (specification, "Versioning"). */
export const API_VERSION = "1.0.0-alpha";

export const API_DESCRIPTION = `
Move a dealer group's vehicles between sites, dispatch them to logistics partners, and track their
preparation for sale. The service sends signed webhooks when a movement is collected, delivered,
cancelled or aborted.

Every path below is relative to the base address \`/v1\`. Requests and responses are JSON. The
movement request, infrastructure and prep job interface is version **${API_VERSION}**; the webhook and
events interface is version **${WEBHOOKS_VERSION}**. Endpoints marked *extension* go beyond the interface
specification: they are additive and never change what a client written against the specification sees.

## Authentication

Send your API key in the \`X-Service-API-Key\` header of every request. A key belongs to one profile of
your organisation and only ever sees that profile's movement requests, prep jobs and events: anything
else answers \`404\`, exactly like something that does not exist.

Keys carry scopes. \`integration\` opens the movement request, infrastructure and prep job endpoints;
\`operations\` opens the Operations endpoints used by carriers, driver apps and dispatch tooling. A
missing, unknown or revoked key is \`401 UNAUTHORIZED\`; a key without the scope the endpoint needs is
\`403 FORBIDDEN\`. Keys are shown once, when they are created; keep them on your server.

## Requests

- Bodies are JSON, sent with \`Content-Type: application/json\` (otherwise \`415\`), at most
  ${MAX_BODY_BYTES / 1024 / 1024} MiB (otherwise \`413\`).
- Unknown body fields are refused with \`400 VALIDATION_ERROR\` naming the field, so a typo in an
  optional field never goes unnoticed. So are unknown and repeated query parameters.
- Dates are \`YYYY-MM-DD\`; instants are ISO 8601 (\`2026-11-21T09:30:00.000Z\`); times of day are
  24-hour \`HH:MM\`; money is \`{ centAmount, currencyCode }\` in minor units.
- Length limits count Unicode code points.
- Send \`X-Request-Id\` to correlate a request with our logs; every response echoes it (or a generated
  id) in \`X-Request-Id\`. Quote it when you report a problem.

## Errors

Every \`4xx\` (and \`503\`) response is \`application/problem+json\` (RFC 9457) with a machine-readable
\`code\` and a human-readable \`message\`, plus \`type\` (a link to the code below), \`title\`, \`status\`,
\`detail\`, \`instance\` and, for validation failures, \`errors: [{ path, message }]\`. A \`500\` is
\`application/json\` with \`code\` \`INTERNAL_SERVER_ERROR\` and \`message\` only; it never carries
internals. Branch on \`code\`, never on \`message\`.

## Rate limits

Each API key may make \`RATE_LIMIT_REQUESTS\` requests per \`RATE_LIMIT_WINDOW_SECONDS\` (by default
**100 requests per second**). The limit is counted per app instance: behind a load balancer with several
instances, a key may make up to that many times the limit. Every authenticated response carries
\`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the window ends). Beyond
the limit the answer is \`429 RATE_LIMITED\` with \`Retry-After\`.

## Idempotency

Every \`POST\` accepts an \`Idempotency-Key\` header (1 to 255 characters; use a UUID) so that a request can
be retried safely after a timeout. Within 24 hours, the same key with the same request returns the stored
response without running the request again, marked \`Idempotent-Replayed: true\`; the same key with a
different request is \`409 IDEMPOTENCY_KEY_REUSED\`; while the first request is still running,
\`409 IDEMPOTENCY_REQUEST_IN_PROGRESS\` with \`Retry-After\`. Refusals (\`4xx\`) are stored like successes;
server errors are not, so a request that failed with \`5xx\` can be retried with the same key. Keys are
scoped to your API key.

## Webhooks

When a movement is collected, delivered, cancelled or aborted the service POSTs a JSON envelope to your
registered endpoints (see the four events under *Events*). Delivery is at least once: deduplicate on
\`eventId\`, which is also sent as \`hook-id\`. Any \`2xx\` acknowledges a delivery; anything else is retried.
\`GET /movement-requests/events\` replays the published envelopes so that you can reconcile.

Deliveries are signed with the Standard Webhooks scheme: \`hook-signature\` holds one or more
\`v1,<base64 HMAC-SHA256>\` entries (one per active secret, so a rotated secret keeps working for 24
hours) over \`{hook-id}.{hook-timestamp}.{raw body}\`, keyed with the base64-decoded part of your
\`whsec_…\` secret. Verify the signature on the raw body before parsing it, and reject a \`hook-timestamp\`
more than 5 minutes from your clock.

## Versioning

The base address carries the major version (\`/v1\`). Within it, changes are additive: new endpoints,
new optional request fields, new response fields, new error codes and new enum values. Ignore response
fields you do not know. The webhook envelope's \`schemaVersion\` changes only on a breaking change to the
envelope.
`.trim();

export const API_TAGS: oas31.TagObject[] = [
  {
    name: TAGS.movementRequests,
    description:
      "A movement request moves one vehicle from an origin to a destination. It is created into the " +
      "internal planning pool or dispatched directly to a third-party logistics provider (3PL).",
  },
  {
    name: TAGS.infrastructure,
    description: "The sites (dealership locations) and 3PLs that movement requests refer to.",
  },
  {
    name: TAGS.prepJobs,
    description:
      "A prep job follows a vehicle through preparation for sale at a prep site: INBOUND, ARRIVED, " +
      "APPRAISED, OUTBOUND. Its reconditioning work items (extension) carry the estimate, the approval " +
      "and the actual cost of each piece of work.",
  },
  {
    name: TAGS.operations,
    description:
      "For carriers, driver apps and dispatch tooling (API keys with the `operations` scope): assign, " +
      "accept, and report collections, deliveries and aborts; move prep jobs and their work items.",
    "x-extension": true,
  },
  {
    name: TAGS.events,
    description:
      `The webhook events sent to your endpoints, and their replay (interface version ${WEBHOOKS_VERSION}). ` +
      "Events are at-least-once: deduplicate on `eventId`.",
  },
  {
    name: TAGS.webhooks,
    description:
      "Register the HTTPS endpoints that receive the events, rotate their signing secrets, inspect " +
      "delivery attempts and redeliver events.",
    "x-extension": true,
  },
];
