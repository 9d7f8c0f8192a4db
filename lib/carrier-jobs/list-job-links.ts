// The board's detail panel: a request's job links, newest first (revoked ones too: what was handed
// out), each with its standing now, and the carriers that may be given a (new) link — those holding
// legs, or drivers of an open multi-driver offer.
import "server-only";
import { kysely } from "@/lib/db";
import { jobLinkStanding, type StandingRequest } from "@/lib/carrier-jobs/job-link-standing";
import { loadStandingRequest, type JobLink } from "@/lib/carrier-jobs/resolve-job-link";
import type { JobLinkState, JobLinkSummary } from "@/lib/carrier-jobs/schemas";
import type { JobCarrier } from "@/lib/movement-requests/issue-job-link";

export type LinkableCarrier = { carrier: JobCarrier; name: string };

export type RequestJobLinks = { links: JobLinkSummary[]; carriers: LinkableCarrier[] };

export async function listJobLinks(
  scope: { organisationId: string },
  requestId: string,
  now = new Date(),
): Promise<RequestJobLinks> {
  const { standingRequest } = await loadStandingRequest(kysely(), {
    organisationId: scope.organisationId,
    movementRequestId: requestId,
  });
  const rows = await kysely()
    .selectFrom("JobLink")
    .selectAll()
    .where("organisationId", "=", scope.organisationId)
    .where("movementRequestId", "=", requestId)
    // A marketplace winner's job has no link to show or copy: it signs in (the panel's provider names it).
    .where("marketplaceCarrierId", "is", null)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  const names = await carrierNames(rows, standingRequest);
  const nameOf = (link: Pick<JobLink, "driverId" | "thirdPartyLogisticsProviderId">) =>
    names.get(link.driverId ?? link.thirdPartyLogisticsProviderId ?? "") ?? "Carrier";
  const links = rows.map((link) => ({
    id: link.id,
    carrier: nameOf(link),
    createdAt: link.createdAt.toISOString(),
    state: stateOf(link, standingRequest, now),
  }));
  const carriers = linkableCarriers(standingRequest).map((carrier) => ({
    carrier,
    name: nameOf({
      driverId: "driverId" in carrier ? carrier.driverId : null,
      thirdPartyLogisticsProviderId:
        "thirdPartyLogisticsProviderId" in carrier ? carrier.thirdPartyLogisticsProviderId : null,
    }),
  }));
  return { links, carriers };
}

function stateOf(link: JobLink, request: StandingRequest, now: Date): JobLinkState {
  if (link.revokedAt) return "revoked";
  const standing = jobLinkStanding(link, request, now);
  if (standing === "gone") return request.endedAt ? "expired" : "superseded";
  return standing;
}

/** Carriers a fresh link would work for (standing active). */
export function linkableCarriers(request: StandingRequest): JobCarrier[] {
  const carriers = new Map<string, JobCarrier>();
  for (const leg of request.legs) {
    if (leg.driverId) carriers.set(leg.driverId, { driverId: leg.driverId });
    else if (leg.thirdPartyLogisticsProviderId) {
      const id = leg.thirdPartyLogisticsProviderId;
      carriers.set(id, { thirdPartyLogisticsProviderId: id });
    }
  }
  if (request.status === "SENT_TO_MULTIPLE_DRIVERS") {
    for (const driverId of request.offeredDriverIds ?? []) carriers.set(driverId, { driverId });
  }
  return [...carriers.values()];
}

async function carrierNames(
  rows: Pick<JobLink, "driverId" | "thirdPartyLogisticsProviderId">[],
  request: StandingRequest,
): Promise<Map<string, string>> {
  const driverIds = new Set([
    ...rows.flatMap((row) => (row.driverId ? [row.driverId] : [])),
    ...request.legs.flatMap((leg) => (leg.driverId ? [leg.driverId] : [])),
    ...(request.offeredDriverIds ?? []),
  ]);
  const providerIds = new Set([
    ...rows.flatMap((row) => (row.thirdPartyLogisticsProviderId ? [row.thirdPartyLogisticsProviderId] : [])),
    ...request.legs.flatMap((leg) =>
      leg.thirdPartyLogisticsProviderId ? [leg.thirdPartyLogisticsProviderId] : [],
    ),
  ]);
  const [drivers, providers] = await Promise.all([
    driverIds.size === 0
      ? []
      : kysely()
          .selectFrom("Driver")
          .select(["id", "firstname", "surname"])
          .where("id", "in", [...driverIds])
          .execute(),
    providerIds.size === 0
      ? []
      : kysely()
          .selectFrom("ThirdPartyLogisticsProvider")
          .select(["id", "name"])
          .where("id", "in", [...providerIds])
          .execute(),
  ]);
  return new Map([
    ...drivers.map((driver): [string, string] => [driver.id, `${driver.firstname} ${driver.surname}`]),
    ...providers.map((provider): [string, string] => [provider.id, provider.name]),
  ]);
}
