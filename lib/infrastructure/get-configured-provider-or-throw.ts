import { AppError } from "@/lib/errors/app-error";
import type { Prisma, TransportMethod } from "@/lib/generated/prisma/client";

/**
 * A 3PL the profile may dispatch to, able to carry the transport method. An unknown id and one not
 * configured for the profile are the same error: the caller cannot tell them apart.
 */
export async function getConfiguredProviderOrThrow(
  tx: Prisma.TransactionClient,
  profileId: string,
  providerId: string,
  transportMethod: TransportMethod,
) {
  const configured = await tx.profileProvider.findUnique({
    where: { profileId_providerId: { profileId, providerId } },
    include: { provider: { include: { rateCards: true } } },
  });
  if (!configured) {
    throw new AppError(
      "THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND",
      `No third-party logistics provider ${providerId} is configured for this profile.`,
      { errors: [{ path: "thirdPartyLogisticsProviderId", message: "Unknown provider" }] },
    );
  }
  const { provider } = configured;
  if (!provider.transportMethods.includes(transportMethod)) {
    throw new AppError(
      "PROVIDER_CANNOT_FULFIL_MOVEMENT",
      `${provider.name} does not carry out ${transportMethod} movements.`,
      { errors: [{ path: "transportMethod", message: `Not supported by ${provider.name}` }] },
    );
  }
  return provider;
}
