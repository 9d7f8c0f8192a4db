// Staff-side API key management (Integrations page): the form's schema, shared by the server action
// that validates it, and the shape of a key as the UI lists it (never the key or its hash).
import { z } from "zod";
import { ApiKeyScope } from "@/lib/generated/prisma/enums";
import { textUpTo } from "@/lib/schemas/common";

export const API_KEY_NAME_MAX = 80;
export const API_KEY_SCOPES = Object.values(ApiKeyScope);

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  integration: {
    label: "Integration",
    description: "The /v1 resources: movement requests, prep jobs, sites, events, webhook endpoints.",
  },
  operations: {
    label: "Operations",
    description: "Carrier and dispatch actions: assign, accept, collected, delivered, aborted.",
  },
  recon_approval: {
    label: "Recon approval",
    description: "Approve or decline reconditioning work items (with the operations scope's transition).",
  },
};

// Create an API key: a name for people, and at least one scope (duplicates dropped).
export const createApiKeyBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "Give the key a name, e.g. the system that will use it")
    .pipe(textUpTo(API_KEY_NAME_MAX)),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, "Choose at least one scope")
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;
export type CreateApiKeyInput = z.input<typeof createApiKeyBody>;

export type ApiKeyView = {
  id: string;
  profileId: string;
  name: string;
  /** The first characters of the key, enough to recognise it ("vms_a1b2c3d4"). */
  prefix: string;
  scopes: ApiKeyScope[];
  ownerEmail: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** What creation returns: the key in clear, shown this once. */
export type CreatedApiKey = { apiKey: ApiKeyView; key: string };
