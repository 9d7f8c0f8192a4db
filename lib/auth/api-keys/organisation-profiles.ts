// The profiles of a signed-in staff member's organisation. Staff manage every profile of their
// organisation (its API keys and webhook endpoints), so every lookup by a profile id that came from a
// form or a URL goes through here: another organisation's profile is "not found", exactly like one that
// does not exist (extensions section 1).
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { ProfileScope } from "@/lib/auth/api-caller";

/** Whose profiles: the signed-in staff member's organisation. */
export type OrganisationScope = { organisationId: string };

export type OrganisationProfile = { id: string; name: string; ownerEmail: string };

/** The organisation's profiles, oldest first (usually one). */
export async function listOrganisationProfiles(scope: OrganisationScope): Promise<OrganisationProfile[]> {
  return kysely()
    .selectFrom("Profile")
    .select(["id", "name", "ownerEmail"])
    .where("organisationId", "=", scope.organisationId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export async function getOrganisationProfileOrThrow(
  scope: OrganisationScope,
  profileId: string,
): Promise<OrganisationProfile> {
  const profile = await kysely()
    .selectFrom("Profile")
    .select(["id", "name", "ownerEmail"])
    .where("id", "=", profileId)
    .where("organisationId", "=", scope.organisationId)
    .executeTakeFirst();
  if (!profile) throw new AppError("NOT_FOUND", `No profile ${profileId} was found.`);
  return profile;
}

/**
 * The webhook scope of one of the organisation's profiles, for the lib/webhooks domain functions
 * (which trust their scope): only after the profile is checked to belong to the organisation.
 */
export async function webhookScopeOf(scope: OrganisationScope, profileId: string): Promise<ProfileScope> {
  const profile = await getOrganisationProfileOrThrow(scope, profileId);
  return { profileId: profile.id };
}

/**
 * The webhook scope of an endpoint of one of the organisation's profiles, found by the endpoint's id
 * alone (the Integrations pages address endpoints by id). Another organisation's endpoint is "not found".
 */
export async function webhookScopeOfEndpoint(
  scope: OrganisationScope,
  endpointId: string,
): Promise<ProfileScope> {
  const endpoint = await kysely()
    .selectFrom("WebhookEndpoint as e")
    .innerJoin("Profile as p", "p.id", "e.profileId")
    .select("e.profileId")
    .where("e.id", "=", endpointId)
    .where("p.organisationId", "=", scope.organisationId)
    .executeTakeFirst();
  if (!endpoint) {
    throw new AppError("WEBHOOK_ENDPOINT_NOT_FOUND", `No webhook endpoint ${endpointId} was found.`);
  }
  return { profileId: endpoint.profileId };
}
