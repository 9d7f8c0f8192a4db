"use server";
// The Integrations page's server actions: ADMIN only (requireStaff), every profile and endpoint looked up
// inside the signed-in admin's organisation before the lib/webhooks and lib/auth/api-keys domain
// functions run. Inputs are validated with the same zod schemas as the /v1 API.
import { revalidatePath } from "next/cache";
import { createApiKey } from "@/lib/auth/api-keys/create-api-key";
import { webhookScopeOf, webhookScopeOfEndpoint } from "@/lib/auth/api-keys/organisation-profiles";
import { revokeApiKey } from "@/lib/auth/api-keys/revoke-api-key";
import { createApiKeyBody, type CreatedApiKey, type CreateApiKeyInput } from "@/lib/auth/api-keys/schemas";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { logger } from "@/lib/logger";
import { identifierSchema } from "@/lib/schemas/common";
import { createWebhookEndpoint } from "@/lib/webhooks/create-endpoint";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-endpoint";
import { redeliverWebhookDelivery, type RedeliveryOutcome } from "@/lib/webhooks/redeliver";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-secret";
import {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  type CreatedWebhookEndpointResponse,
  type WebhookEndpointResponse,
} from "@/lib/webhooks/schemas";
import { sendTestEventBody, sendWebhookTestEvent, type SentTestEvent } from "@/lib/webhooks/test-event";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-endpoint";

const INTEGRATIONS_PATH = "/integrations";
const endpointPath = (id: string) => `${INTEGRATIONS_PATH}/endpoints/${id}`;
const idSchema = identifierSchema;

async function admin() {
  return requireStaff(rolesWith("manage-integrations"));
}

const run = <T>(work: () => Promise<T>) => runAction("integrations", work);

// ── webhook endpoints ──

export async function createWebhookEndpointAction(
  profileId: string,
  input: unknown,
): Promise<ActionResult<CreatedWebhookEndpointResponse>> {
  const staff = await admin();
  return run(async () => {
    const body = createWebhookEndpointBody.parse(input);
    const scope = await webhookScopeOf(staff.scope, idSchema.parse(profileId));
    const created = await createWebhookEndpoint(scope, body);
    logger.info("webhook endpoint created from the UI", { endpointId: created.id, actor: staff.actor });
    revalidatePath(INTEGRATIONS_PATH);
    return created;
  });
}

export async function setWebhookEndpointEnabledAction(
  endpointId: string,
  enabled: boolean,
): Promise<ActionResult<WebhookEndpointResponse>> {
  const staff = await admin();
  return run(async () => {
    const body = updateWebhookEndpointBody.parse({ enabled });
    const scope = await webhookScopeOfEndpoint(staff.scope, idSchema.parse(endpointId));
    const updated = await updateWebhookEndpoint(scope, endpointId, body);
    logger.info(`webhook endpoint ${enabled ? "enabled" : "disabled"} from the UI`, {
      endpointId,
      actor: staff.actor,
    });
    revalidatePath(INTEGRATIONS_PATH);
    revalidatePath(endpointPath(endpointId));
    return updated;
  });
}

export async function updateWebhookEndpointAction(
  endpointId: string,
  input: unknown,
): Promise<ActionResult<WebhookEndpointResponse>> {
  const staff = await admin();
  return run(async () => {
    // Only the fields the edit form has: enabling has its own action.
    const body = updateWebhookEndpointBody.omit({ enabled: true }).parse(input);
    const scope = await webhookScopeOfEndpoint(staff.scope, idSchema.parse(endpointId));
    const updated = await updateWebhookEndpoint(scope, endpointId, body);
    revalidatePath(INTEGRATIONS_PATH);
    revalidatePath(endpointPath(endpointId));
    return updated;
  });
}

export async function rotateWebhookSecretAction(
  endpointId: string,
): Promise<ActionResult<{ secret: string }>> {
  const staff = await admin();
  return run(async () => {
    const scope = await webhookScopeOfEndpoint(staff.scope, idSchema.parse(endpointId));
    const rotated = await rotateWebhookSecret(scope, endpointId);
    logger.info("webhook secret rotated from the UI", { endpointId, actor: staff.actor });
    return rotated;
  });
}

export async function deleteWebhookEndpointAction(endpointId: string): Promise<ActionResult> {
  const staff = await admin();
  return run(async () => {
    const scope = await webhookScopeOfEndpoint(staff.scope, idSchema.parse(endpointId));
    await deleteWebhookEndpoint(scope, endpointId);
    logger.info("webhook endpoint deleted from the UI", { endpointId, actor: staff.actor });
    revalidatePath(INTEGRATIONS_PATH);
    return null;
  });
}

export async function sendWebhookTestEventAction(
  endpointId: string,
  input: unknown = {},
): Promise<ActionResult<SentTestEvent>> {
  const staff = await admin();
  return run(async () => {
    const body = sendTestEventBody.parse(input);
    const scope = await webhookScopeOfEndpoint(staff.scope, idSchema.parse(endpointId));
    const sent = await sendWebhookTestEvent(scope, endpointId, body);
    revalidatePath(endpointPath(endpointId));
    return sent;
  });
}

export async function redeliverWebhookDeliveryAction(
  endpointId: string,
  deliveryId: string,
): Promise<ActionResult<RedeliveryOutcome>> {
  const staff = await admin();
  return run(async () => {
    const scope = await webhookScopeOfEndpoint(staff.scope, idSchema.parse(endpointId));
    const outcome = await redeliverWebhookDelivery(scope, endpointId, idSchema.parse(deliveryId));
    revalidatePath(endpointPath(endpointId));
    return outcome;
  });
}

// ── API keys ──

export async function createApiKeyAction(
  profileId: string,
  input: CreateApiKeyInput,
): Promise<ActionResult<CreatedApiKey>> {
  const staff = await admin();
  return run(async () => {
    const body = createApiKeyBody.parse(input);
    const created = await createApiKey(
      { organisationId: staff.organisationId, email: staff.user.email },
      idSchema.parse(profileId),
      body,
    );
    logger.info("API key created from the UI", { apiKeyId: created.apiKey.id, actor: staff.actor });
    revalidatePath(INTEGRATIONS_PATH);
    return created;
  });
}

export async function revokeApiKeyAction(profileId: string, apiKeyId: string): Promise<ActionResult> {
  const staff = await admin();
  return run(async () => {
    await revokeApiKey(staff.scope, idSchema.parse(profileId), idSchema.parse(apiKeyId));
    logger.info("API key revoked from the UI", { apiKeyId, actor: staff.actor });
    revalidatePath(INTEGRATIONS_PATH);
    return null;
  });
}
