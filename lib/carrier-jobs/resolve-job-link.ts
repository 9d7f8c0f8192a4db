// Opens a job link: the token's link and its movement request as they are now, with the link's
// standing (job-link-standing.ts). An unknown, malformed, revoked or expired token is null (404).
import "server-only";
import { kysely, type DB, type Kdb, type Selectable } from "@/lib/db";
import { jobLinkStanding, type Standing, type StandingRequest } from "@/lib/carrier-jobs/job-link-standing";
import {
  getMovementRequestOrThrow,
  type MovementRequestWithLegs,
} from "@/lib/movement-requests/get-movement-request-or-throw";
import { offeredDriverIds } from "@/lib/movement-requests/operations/driver-offers";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";
import { hashLinkToken, LINK_TOKEN_PATTERN } from "@/lib/security/link-token";

export type JobLink = Selectable<DB["JobLink"]>;

export type ResolvedJobLink = {
  link: JobLink;
  request: MovementRequestWithLegs;
  standingRequest: StandingRequest;
  standing: Exclude<Standing, "gone">;
};

export async function resolveJobLink(token: string, now = new Date()): Promise<ResolvedJobLink | null> {
  if (!LINK_TOKEN_PATTERN.test(token)) return null;
  const link = await kysely()
    .selectFrom("JobLink")
    .selectAll()
    .where("tokenHash", "=", hashLinkToken(token))
    .executeTakeFirst();
  if (!link || link.revokedAt) return null;
  const { request, standingRequest } = await loadStandingRequest(kysely(), link);
  const standing = jobLinkStanding(link, standingRequest, now);
  if (standing === "gone") return null;
  return { link, request, standingRequest, standing };
}

/** The link's request, and what its standing is decided on. */
export async function loadStandingRequest(
  kdb: Kdb,
  link: Pick<JobLink, "organisationId" | "movementRequestId">,
): Promise<{ request: MovementRequestWithLegs; standingRequest: StandingRequest }> {
  const scope = { organisationId: link.organisationId };
  const request = await getMovementRequestOrThrow(kdb, scope, link.movementRequestId);
  const offered = await offeredDriverIds(kdb, request);
  return {
    request,
    standingRequest: {
      status: request.status,
      endedAt: TERMINAL_STATUSES.includes(request.status) ? (request.completedOn ?? request.updatedAt) : null,
      legs: request.movements,
      offeredDriverIds: offered,
    },
  };
}
