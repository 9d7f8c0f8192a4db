import type { ApiKeyScope } from "@/lib/generated/prisma/enums";

/** Who is calling the /v1 API: resolved from the API key, and passed to every domain function. */
export type ApiCaller = {
  apiKeyId: string;
  profileId: string;
  organisationId: string;
  scopes: ApiKeyScope[];
  /** The API key identity: creator of what the key creates, and its notifications' fallback address. */
  email: string;
  /** For audit trails: "api-key:vms_demoA_in". */
  actor: string;
};

/** Whose things (webhook endpoints, API keys): one profile. An ApiCaller satisfies it. */
export type ProfileScope = Pick<ApiCaller, "profileId">;
