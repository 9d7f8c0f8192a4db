"use client";
// The API keys of one profile: create one (shown once), see which are used, revoke one. A revoked key
// stays listed (greyed, with its revocation time) so that "which key was that?" can still be answered.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LockIcon, PlusIcon } from "@/components/ui/icons";
import type { ApiKeyView } from "@/lib/auth/api-keys/schemas";
import type { ActionResult } from "@/lib/http/action-result";
import { ApiKeysTable } from "./api-keys-table";
import { CreateApiKeyDialog, type CreateApiKeyAction } from "./create-api-key-dialog";
import { Timestamp } from "./timestamp";

type Props = {
  profileName: string;
  apiKeys: ApiKeyView[];
  headingId: string;
  createAction: CreateApiKeyAction;
  revokeAction: (apiKeyId: string) => Promise<ActionResult>;
};

export function ApiKeysCard({ profileName, apiKeys, headingId, createAction, revokeAction }: Props) {
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const active = apiKeys.filter((key) => !key.revokedAt).length;

  return (
    <Card>
      <CardHeader
        id={headingId}
        title="API keys"
        description={
          <>
            Systems call the <code className="font-mono text-[0.8125rem]">/v1</code> API with a key in the{" "}
            <code className="font-mono text-[0.8125rem]">X-Service-API-Key</code> header.{" "}
            {apiKeys.length > 0 ? `${active} active of ${apiKeys.length}.` : null}
          </>
        }
        actions={
          <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
            <PlusIcon />
            Create API key
          </Button>
        }
      />
      {revoked ? (
        <div className="px-4 pt-4">
          <Alert
            tone="success"
            actions={
              <Button size="sm" variant="ghost" onClick={() => setRevoked(null)}>
                Dismiss
              </Button>
            }
          >
            {revoked} was revoked. Requests with it are refused from now on.
          </Alert>
        </div>
      ) : null}
      {apiKeys.length === 0 ? (
        <div className="p-4">
          <EmptyState
            icon={<LockIcon />}
            title="No API keys yet"
            description="Create a key for each system that calls the API, so that you can revoke one without disturbing the others."
          />
        </div>
      ) : (
        <ApiKeysTable apiKeys={apiKeys} onRevoke={setRevoking} />
      )}
      <CreateApiKeyDialog
        open={creating}
        profileName={profileName}
        createAction={createAction}
        onClose={() => {
          setCreating(false);
          router.refresh();
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke key"
        action={() => revokeAction(revoking!.id)}
        onDone={() => {
          setRevoked(`“${revoking?.name}”`);
          router.refresh();
        }}
      >
        <p>
          Every request made with <code className="font-mono">{revoking?.prefix}…</code> is refused from the
          next one on (<code className="font-mono">401</code>). This cannot be undone: the systems using it
          need a new key.
        </p>
        {revoking?.lastUsedAt ? (
          <p>
            It was last used <Timestamp iso={revoking.lastUsedAt} />.
          </p>
        ) : (
          <p>It has never been used.</p>
        )}
      </ConfirmDialog>
    </Card>
  );
}
