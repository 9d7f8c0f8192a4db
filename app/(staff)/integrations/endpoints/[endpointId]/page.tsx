// /integrations/endpoints/{id} — ADMIN only: one webhook endpoint of the organisation (another
// organisation's is "not found"), its actions, and its delivery attempts, newest first, refreshed every
// few seconds, older pages through ?cursor= (keyset, as the API's).
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { AttemptsTable } from "@/components/integrations/attempts-table";
import { AutoRefresh } from "@/components/integrations/auto-refresh";
import { EndpointActions } from "@/components/integrations/endpoint-actions";
import { EndpointNoticeBar, EndpointNoticeProvider } from "@/components/integrations/endpoint-notice";
import { EndpointStatusBadge } from "@/components/integrations/endpoint-status-badge";
import { describeEventTypes } from "@/components/integrations/event-types";
import { Timestamp } from "@/components/integrations/timestamp";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ArrowRightIcon, RefreshIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import {
  getOrganisationProfileOrThrow,
  webhookScopeOfEndpoint,
} from "@/lib/auth/api-keys/organisation-profiles";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";
import { getWebhookEndpoint } from "@/lib/webhooks/get-endpoint";
import { listWebhookAttempts } from "@/lib/webhooks/list-attempts";
import { listWebhookAttemptsQuery } from "@/lib/webhooks/schemas";
import { testEventIdsAmong } from "@/lib/webhooks/test-event";
import {
  deleteWebhookEndpointAction,
  redeliverWebhookDeliveryAction,
  rotateWebhookSecretAction,
  sendWebhookTestEventAction,
  setWebhookEndpointEnabledAction,
  updateWebhookEndpointAction,
} from "../../actions";

export const metadata: Metadata = { title: "Webhook endpoint" };

const PAGE_SIZE = 25;

type Props = {
  params: Promise<{ endpointId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function WebhookEndpointPage({ params, searchParams }: Props) {
  const staff = await requireStaff(rolesWith("manage-integrations"));
  const { endpointId } = await params;
  const { cursor: rawCursor } = await searchParams;

  let scope;
  try {
    scope = await webhookScopeOfEndpoint(staff.scope, endpointId);
  } catch (error) {
    if (error instanceof AppError && error.code === "WEBHOOK_ENDPOINT_NOT_FOUND") notFound();
    throw error;
  }
  const parsed = listWebhookAttemptsQuery.safeParse(
    typeof rawCursor === "string" ? { cursor: rawCursor } : {},
  );
  const cursor = parsed.success ? parsed.data.cursor : undefined;
  const [endpoint, profile, page] = await Promise.all([
    getWebhookEndpoint(scope, endpointId),
    getOrganisationProfileOrThrow(staff.scope, scope.profileId),
    listWebhookAttempts(scope, endpointId, { cursor, limit: PAGE_SIZE }),
  ]);
  const testEventIds = await testEventIdsAmong(page.data.map((attempt) => attempt.eventId));
  const firstPage = !cursor;

  return (
    <EndpointNoticeProvider>
      <PageHeader
        eyebrow={
          <nav aria-label="Breadcrumb">
            <Link href="/integrations" className="text-blue-700 underline underline-offset-2">
              Integrations
            </Link>
            <span aria-hidden="true" className="mx-1.5 text-slate-400">
              /
            </span>
            <span>Webhook endpoint</span>
          </nav>
        }
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="min-w-0 break-words">{endpoint.description ?? new URL(endpoint.url).host}</span>
            <EndpointStatusBadge endpoint={endpoint} />
          </span>
        }
        description={
          <span className="font-mono text-[0.8125rem] break-all text-slate-700">{endpoint.url}</span>
        }
        actions={
          <EndpointActions
            endpoint={endpoint}
            setEnabledAction={setWebhookEndpointEnabledAction.bind(null, endpoint.id)}
            rotateSecretAction={rotateWebhookSecretAction.bind(null, endpoint.id)}
            sendTestEventAction={sendWebhookTestEventAction.bind(null, endpoint.id, {})}
            updateAction={updateWebhookEndpointAction.bind(null, endpoint.id)}
            deleteAction={deleteWebhookEndpointAction.bind(null, endpoint.id)}
          />
        }
      />

      <EndpointNoticeBar />

      {!endpoint.enabled ? (
        <Alert tone="warning" className="mb-6" title="Deliveries to this endpoint are paused">
          {endpoint.disabledReason ?? "It was disabled."}
          {endpoint.disabledAt ? (
            <>
              {" "}
              (<Timestamp iso={endpoint.disabledAt} />)
            </>
          ) : null}{" "}
          New events wait for it; enable it to send them.
        </Alert>
      ) : null}

      <Card className="mb-6">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 px-4 py-4 text-sm lg:grid-cols-4">
          <Detail term="Events">{describeEventTypes(endpoint.eventTypes)}</Detail>
          <Detail term="Profile">{profile.name}</Detail>
          <Detail term="Added">
            <Timestamp iso={endpoint.createdAt} />
          </Detail>
          <Detail term="Signing">
            Standard Webhooks, <code className="font-mono text-[0.8125rem]">hook-signature</code> header.{" "}
            <Link href="/docs/api" className="text-blue-700 underline underline-offset-2 hover:text-blue-800">
              How to verify
            </Link>
          </Detail>
        </dl>
      </Card>

      <section aria-labelledby="attempts-heading">
        <Card>
          <CardHeader
            id="attempts-heading"
            title="Delivery attempts"
            description="Every try to deliver an event here, newest first. Failed deliveries are retried for about a day; redeliver one to send it again now."
            actions={<AutoRefresh available={firstPage} />}
          />
          {!parsed.success ? (
            <div className="px-4 pt-4">
              <Alert tone="warning">
                That page of the log is no longer available; showing the newest attempts.
              </Alert>
            </div>
          ) : null}
          {page.data.length === 0 ? (
            <div className="p-4">
              <EmptyState
                icon={<RefreshIcon />}
                title={firstPage ? "No delivery attempts yet" : "No older attempts"}
                description={
                  firstPage
                    ? "Attempts appear here as events are delivered. Send a test event to check that your receiver answers with a 2xx."
                    : undefined
                }
              />
            </div>
          ) : (
            <AttemptsTable
              attempts={page.data}
              testEventIds={testEventIds}
              redeliverAction={redeliverWebhookDeliveryAction.bind(null, endpoint.id)}
            />
          )}
          {!firstPage || page.nextCursor ? (
            <nav
              aria-label="Attempt log pages"
              className="flex items-center justify-between gap-4 border-t border-slate-200 px-4 py-3"
            >
              {firstPage ? (
                <span />
              ) : (
                <Link
                  href={`/integrations/endpoints/${endpoint.id}`}
                  className={buttonClasses({ variant: "secondary", size: "sm" })}
                >
                  Newest attempts
                </Link>
              )}
              {page.nextCursor ? (
                <Link
                  href={`/integrations/endpoints/${endpoint.id}?cursor=${encodeURIComponent(page.nextCursor)}`}
                  className={buttonClasses({ variant: "secondary", size: "sm" })}
                >
                  Older attempts
                  <ArrowRightIcon />
                </Link>
              ) : null}
            </nav>
          ) : null}
        </Card>
      </section>
    </EndpointNoticeProvider>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}
