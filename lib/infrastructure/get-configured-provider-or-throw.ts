import { sql, type Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { RateCard, ThirdPartyLogisticsProvider, TransportMethod } from "@/lib/generated/prisma/client";

export type ConfiguredProvider = ThirdPartyLogisticsProvider & { rateCards: RateCard[] };

/**
 * A 3PL the profile may dispatch to, able to carry the transport method. An unknown id and one not
 * configured for the profile are the same error: the caller cannot tell them apart.
 */
export async function getConfiguredProviderOrThrow(
  tx: Kdb,
  profileId: string,
  providerId: string,
  transportMethod: TransportMethod,
): Promise<ConfiguredProvider> {
  // One statement (the ORM's include ran three): every create-with-3pl runs it.
  const provider = await tx
    .selectFrom("ProfileProvider as pp")
    .innerJoin("ThirdPartyLogisticsProvider as p", "p.id", "pp.providerId")
    .select(["p.id", "p.name", "p.createdAt"])
    // pg has no parser for an array of a PostgreSQL enum (docs/data-layer.md).
    .select(sql<TransportMethod[]>`p."transportMethods"::text[]`.as("transportMethods"))
    .select(
      sql<RateCard[]>`COALESCE((
        SELECT jsonb_agg(to_jsonb(r) ORDER BY r."transportMethod") FROM "RateCard" r WHERE r."providerId" = p."id"
      ), '[]'::jsonb)`.as("rateCards"),
    )
    .where("pp.profileId", "=", profileId)
    .where("pp.providerId", "=", providerId)
    .executeTakeFirst();
  if (!provider) {
    throw new AppError(
      "THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND",
      `No third-party logistics provider ${providerId} is configured for this profile.`,
      { errors: [{ path: "thirdPartyLogisticsProviderId", message: "Unknown provider" }] },
    );
  }
  if (!provider.transportMethods.includes(transportMethod)) {
    throw new AppError(
      "PROVIDER_CANNOT_FULFIL_MOVEMENT",
      `${provider.name} does not carry out ${transportMethod} movements.`,
      { errors: [{ path: "transportMethod", message: `Not supported by ${provider.name}` }] },
    );
  }
  return provider;
}
