// The detail panel's reads (get-board-detail.ts): the request with its sites, profile and organisation's
// tracking switch; its legs with their sites and carriers; its audit trail; the timeline's events with
// their webhook deliveries and each delivery's last attempt; the 3PLs configured for its profile.
import { sql } from "@/lib/db";
import { readKysely } from "@/lib/read-replicas/read-kysely";
import type { TransportMethod } from "@/lib/generated/prisma/enums";
import type { BoardSite } from "@/lib/movement-requests/board/board-row";

const site = (row: { id: string; name: string; code: string }): BoardSite => ({
  id: row.id,
  name: row.name,
  code: row.code,
});
const named = (id: string | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

/** The request of the organisation, or undefined (another organisation's is not found either). */
export async function readDetailRequest(organisationId: string, requestId: string) {
  const row = await (
    await readKysely()
  )
    .selectFrom("MovementRequest as r")
    .innerJoin("Organisation as organisation", "organisation.id", "r.organisationId")
    .innerJoin("Profile as profile", "profile.id", "r.profileId")
    .innerJoin("Site as o", "o.id", "r.originSiteId")
    .innerJoin("Site as d", "d.id", "r.destinationSiteId")
    .selectAll("r")
    .select([
      "organisation.trackingEnabled",
      "profile.name as profileName",
      "o.name as originName",
      "o.code as originCode",
      "d.name as destinationName",
      "d.code as destinationCode",
    ])
    .where("r.id", "=", requestId)
    .where("r.organisationId", "=", organisationId)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    trackingEnabled,
    profileName,
    originName,
    originCode,
    destinationName,
    destinationCode,
    ...request
  } = row;
  return {
    ...request,
    organisation: { trackingEnabled },
    profile: { id: request.profileId, name: profileName },
    originSite: site({ id: request.originSiteId, name: originName, code: originCode }),
    destinationSite: site({ id: request.destinationSiteId, name: destinationName, code: destinationCode }),
  };
}

/** The request's legs in order, with their sites and carriers. */
export async function readDetailLegs(requestId: string) {
  const rows = await (
    await readKysely()
  )
    .selectFrom("Movement as leg")
    .innerJoin("Site as o", "o.id", "leg.originSiteId")
    .innerJoin("Site as d", "d.id", "leg.destinationSiteId")
    .leftJoin("Driver as driver", "driver.id", "leg.driverId")
    .leftJoin("ThirdPartyLogisticsProvider as provider", "provider.id", "leg.thirdPartyLogisticsProviderId")
    .leftJoin("MarketplaceCarrier as carrier", "carrier.id", "leg.marketplaceCarrierId")
    .selectAll("leg")
    .select([
      "o.name as originName",
      "o.code as originCode",
      "d.name as destinationName",
      "d.code as destinationCode",
      "driver.firstname as driverFirstname",
      "driver.surname as driverSurname",
      "provider.name as providerName",
      "carrier.name as carrierName",
    ])
    .where("leg.movementRequestId", "=", requestId)
    .orderBy("leg.legNumber")
    .execute();
  return rows.map(
    ({
      originName,
      originCode,
      destinationName,
      destinationCode,
      driverFirstname,
      driverSurname,
      providerName,
      carrierName,
      ...leg
    }) => ({
      ...leg,
      originSite: site({ id: leg.originSiteId, name: originName, code: originCode }),
      destinationSite: site({ id: leg.destinationSiteId, name: destinationName, code: destinationCode }),
      driver:
        leg.driverId !== null && driverFirstname !== null && driverSurname !== null
          ? { id: leg.driverId, firstname: driverFirstname, surname: driverSurname }
          : null,
      provider: named(leg.thirdPartyLogisticsProviderId, providerName),
      marketplaceCarrier: named(leg.marketplaceCarrierId, carrierName),
    }),
  );
}

/** The audit trail, newest first. */
export async function readDetailStatusChanges(requestId: string) {
  return (await readKysely())
    .selectFrom("MovementRequestStatusChange")
    .selectAll()
    .where("movementRequestId", "=", requestId)
    .orderBy("occurredAt", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The newest `limit` events of the request and of its legs, each with its deliveries (oldest first). */
export async function readDetailEvents(
  organisationId: string,
  requestId: string,
  legIds: string[],
  limit: number,
) {
  const kdb = await readKysely();
  const events = await kdb
    .selectFrom("Event")
    .selectAll()
    .where("organisationId", "=", organisationId)
    .where((eb) =>
      eb.or([
        eb.and([eb("resourceType", "=", "movement_request"), eb("resourceId", "=", requestId)]),
        ...(legIds.length
          ? [eb.and([eb("resourceType", "=", "movement"), eb("resourceId", "in", legIds)])]
          : []),
      ]),
    )
    .orderBy("sequence", "desc")
    .limit(limit)
    .execute();
  const deliveries = events.length
    ? await kdb
        .selectFrom("WebhookDelivery as delivery")
        .innerJoin("WebhookEndpoint as endpoint", "endpoint.id", "delivery.endpointId")
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom("WebhookAttempt")
              .select(["attemptedAt", "responseStatus", "error", "succeeded", "durationMs"])
              .whereRef("WebhookAttempt.deliveryId", "=", "delivery.id")
              .orderBy("attemptNumber", "desc")
              .limit(1)
              .as("last"),
          (join) => join.on(sql<boolean>`true`),
        )
        .select([
          "delivery.id",
          "delivery.eventId",
          "delivery.status",
          "delivery.attemptCount",
          "delivery.nextAttemptAt",
          "endpoint.url as endpointUrl",
          "last.attemptedAt",
          "last.responseStatus",
          "last.error",
          "last.succeeded",
          "last.durationMs",
        ])
        .where(
          "delivery.eventId",
          "in",
          events.map((event) => event.id),
        )
        .orderBy("delivery.createdAt")
        .execute()
    : [];
  return events.map((event) => ({
    ...event,
    deliveries: deliveries
      .filter((delivery) => delivery.eventId === event.id)
      .map(({ attemptedAt, responseStatus, error, succeeded, durationMs, ...delivery }) => ({
        ...delivery,
        lastAttempt:
          attemptedAt !== null && succeeded !== null && durationMs !== null
            ? { attemptedAt, responseStatus, error, succeeded, durationMs }
            : null,
      })),
  }));
}

/** The 3PLs configured for the profile, by name. */
export async function readConfiguredProviders(profileId: string) {
  return (
    (await readKysely())
      .selectFrom("ProfileProvider as pp")
      .innerJoin("ThirdPartyLogisticsProvider as provider", "provider.id", "pp.providerId")
      .select(["provider.id", "provider.name"])
      // pg has no parser for an array of a PostgreSQL enum (docs/data-layer.md).
      .select(sql<TransportMethod[]>`provider."transportMethods"::text[]`.as("transportMethods"))
      .where("pp.profileId", "=", profileId)
      .orderBy("provider.name")
      .execute()
  );
}
