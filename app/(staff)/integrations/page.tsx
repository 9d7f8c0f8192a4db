// /integrations — ADMIN only: for each profile of the organisation (usually one), its webhook endpoints
// and its API keys. Secrets and keys are shown once, in the dialogs that create them.
import type { Metadata } from "next";
import Link from "next/link";
import { AddEndpointButton } from "@/components/integrations/add-endpoint-button";
import { ApiKeysCard } from "@/components/integrations/api-keys-card";
import { EndpointsTable } from "@/components/integrations/endpoints-table";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PlugIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { listApiKeys } from "@/lib/auth/api-keys/list-api-keys";
import { listOrganisationProfiles } from "@/lib/auth/api-keys/organisation-profiles";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { listWebhookEndpoints } from "@/lib/webhooks/list-endpoints";
import { createApiKeyAction, createWebhookEndpointAction, revokeApiKeyAction } from "./actions";

export const metadata: Metadata = { title: "Integrations" };

export default async function IntegrationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await requireStaff(rolesWith("manage-integrations"));
  const { deleted } = await searchParams;
  const profiles = await listOrganisationProfiles(staff.scope);
  const sections = await Promise.all(
    profiles.map(async (profile) => ({
      profile,
      // The profile was just listed for this organisation: its scope is safe to use.
      endpoints: (await listWebhookEndpoints({ profileId: profile.id })).data,
      apiKeys: await listApiKeys(staff.scope, profile.id),
    })),
  );
  const several = profiles.length > 1;

  return (
    <>
      <PageHeader
        title="Integrations"
        description="Connect your dealer management system and other tools: webhook endpoints receive movement events as they happen, and API keys let systems call the API."
        actions={
          <Link href="/docs/api" className={buttonClasses({ variant: "secondary", size: "sm" })}>
            API reference
          </Link>
        }
      />
      {deleted === "endpoint" ? (
        <Alert tone="success" className="mb-6">
          The webhook endpoint was deleted. Nothing more is sent to it.
        </Alert>
      ) : null}
      {sections.length === 0 ? (
        <EmptyState
          icon={<PlugIcon />}
          title="No integration profile"
          description="Your organisation has no profile to attach webhook endpoints and API keys to. Ask your service provider to create one."
        />
      ) : null}
      <div className="space-y-10">
        {sections.map(({ profile, endpoints, apiKeys }) => (
          <section
            key={profile.id}
            aria-labelledby={several ? `profile-${profile.id}` : undefined}
            className="space-y-6"
          >
            {several ? (
              <div>
                <h2 id={`profile-${profile.id}`} className="text-lg font-semibold text-slate-900">
                  {profile.name}
                </h2>
                <p className="text-sm text-slate-600">
                  Notices about this profile go to {profile.ownerEmail}.
                </p>
              </div>
            ) : (
              <p className="-mt-2 text-sm text-slate-600">
                Profile <span className="font-medium text-slate-800">{profile.name}</span>
                {" · "}notices go to {profile.ownerEmail}
              </p>
            )}
            <section aria-labelledby={`endpoints-${profile.id}`}>
              <Card>
                <CardHeader
                  id={`endpoints-${profile.id}`}
                  title="Webhook endpoints"
                  description="Each endpoint receives signed POSTs of movement events: collected, delivered, cancelled, aborted."
                  actions={
                    // Always here, never inside the empty state: the dialog showing the new secret must
                    // survive the re-render that replaces the empty state with the table.
                    <AddEndpointButton
                      profileName={profile.name}
                      createAction={createWebhookEndpointAction.bind(null, profile.id)}
                      variant={endpoints.length === 0 ? "primary" : "secondary"}
                    />
                  }
                />
                {endpoints.length === 0 ? (
                  <div className="p-4">
                    <EmptyState
                      icon={<PlugIcon />}
                      title="No webhook endpoints yet"
                      description="Add the address of your system's webhook receiver to hear about collections and deliveries as they happen, instead of polling for them."
                    />
                  </div>
                ) : (
                  <EndpointsTable endpoints={endpoints} />
                )}
              </Card>
            </section>
            <section aria-labelledby={`api-keys-${profile.id}`}>
              <ApiKeysCard
                headingId={`api-keys-${profile.id}`}
                profileName={profile.name}
                apiKeys={apiKeys}
                createAction={createApiKeyAction.bind(null, profile.id)}
                revokeAction={revokeApiKeyAction.bind(null, profile.id)}
              />
            </section>
          </section>
        ))}
      </div>
    </>
  );
}
