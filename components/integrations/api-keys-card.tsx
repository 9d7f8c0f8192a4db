"use client";
// The API keys of one profile: create one (shown once), see which are used, revoke one. A revoked key
// stays listed (greyed, with its revocation time) so that "which key was that?" can still be answered.
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FieldError, FieldHint } from "@/components/ui/field-error";
import { LockIcon, PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { TableHead } from "@/components/ui/table-head";
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  createApiKeyBody,
  type ApiKeyView,
  type CreateApiKeyBody,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from "@/lib/auth/api-keys/schemas";
import type { ActionResult } from "@/lib/http/action-result";
import { CheckboxCard } from "./checkbox-card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SecretReveal } from "./secret-reveal";
import { Timestamp } from "./timestamp";

type Props = {
  profileName: string;
  apiKeys: ApiKeyView[];
  headingId: string;
  createAction: (input: CreateApiKeyInput) => Promise<ActionResult<CreatedApiKey>>;
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
            Systems call the <code className="font-mono text-[13px]">/v1</code> API with a key in the{" "}
            <code className="font-mono text-[13px]">X-Service-API-Key</code> header.{" "}
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

function ApiKeysTable({ apiKeys, onRevoke }: { apiKeys: ApiKeyView[]; onRevoke: (key: ApiKeyView) => void }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">API keys</caption>
        <TableHead
          columns={[
            "Name",
            "Key",
            "Scopes",
            "Created",
            "Last used",
            "Status",
            { label: "Actions", hidden: true },
          ]}
        />
        <tbody className="divide-y divide-slate-200">
          {apiKeys.map((key) => (
            <tr
              key={key.id}
              data-testid="api-key-row"
              className={cn(key.revokedAt && "bg-slate-50/60 text-slate-500")}
            >
              <th scope="row" className="px-4 py-3 font-normal">
                <span
                  className={cn("block font-medium", key.revokedAt ? "text-slate-600" : "text-slate-900")}
                >
                  {key.name}
                </span>
                <span className="block text-xs text-slate-600">{key.ownerEmail}</span>
              </th>
              <td className="px-4 py-3 font-mono text-[13px] whitespace-nowrap text-slate-700">
                {key.prefix}…
              </td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap gap-1">
                  {key.scopes.map((scope) => (
                    <Badge key={scope} tone={scope === "operations" ? "accent" : "info"}>
                      {API_KEY_SCOPE_LABELS[scope].label}
                    </Badge>
                  ))}
                </span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <Timestamp iso={key.createdAt} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <Timestamp iso={key.lastUsedAt} fallback="Never" />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                {key.revokedAt ? (
                  <Badge tone="neutral">
                    Revoked <Timestamp iso={key.revokedAt} />
                  </Badge>
                ) : (
                  <Badge tone="success" dot>
                    Active
                  </Badge>
                )}
              </td>
              <td className="px-4 py-3 text-right">
                {key.revokedAt ? null : (
                  <Button variant="secondary" size="sm" onClick={() => onRevoke(key)}>
                    Revoke<span className="sr-only"> {key.name}</span>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CreateApiKeyDialog({
  open,
  profileName,
  createAction,
  onClose,
}: {
  open: boolean;
  profileName: string;
  createAction: Props["createAction"];
  onClose: () => void;
}) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  function close() {
    setCreated(null);
    onClose();
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!created}
      title={created ? `API key “${created.apiKey.name}” created` : "Create an API key"}
      description={created ? undefined : `For ${profileName}. You become the key's owner.`}
      footer={created ? <Button onClick={close}>I have saved the key</Button> : undefined}
    >
      {created ? (
        <SecretRevealForKey created={created} />
      ) : (
        <CreateApiKeyForm createAction={createAction} onCancel={close} onCreated={setCreated} />
      )}
    </Dialog>
  );
}

function SecretRevealForKey({ created }: { created: CreatedApiKey }) {
  return (
    <SecretReveal label="API key" value={created.key} testId="revealed-api-key">
      Only a hash of the key is stored. Put it in the calling system&apos;s configuration now; if it is lost,
      revoke it and create another.
    </SecretReveal>
  );
}

function CreateApiKeyForm({
  createAction,
  onCancel,
  onCreated,
}: {
  createAction: Props["createAction"];
  onCancel: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const ids = { name: useId(), scopes: useId() };
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateApiKeyInput, unknown, CreateApiKeyBody>({
    resolver: zodResolver(createApiKeyBody),
    defaultValues: { name: "", scopes: ["integration"] },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await createAction(values);
    if (result.ok) {
      onCreated(result.data);
      return;
    }
    const fields = result.fieldErrors ?? {};
    if (fields.name) form.setError("name", { message: fields.name }, { shouldFocus: true });
    if (fields.scopes) form.setError("scopes", { message: fields.scopes });
    if (!fields.name && !fields.scopes) setFailure(result.message);
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <Label htmlFor={ids.name}>Name</Label>
        <Input
          id={ids.name}
          className="mt-1.5"
          placeholder="DMS production"
          maxLength={API_KEY_NAME_MAX}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={`${ids.name}-hint${errors.name ? ` ${ids.name}-error` : ""}`}
          {...form.register("name")}
        />
        <FieldHint id={`${ids.name}-hint`}>
          Which system uses it, so that you know what revoking it stops.
        </FieldHint>
        <FieldError id={`${ids.name}-error`}>{errors.name?.message}</FieldError>
      </div>
      <fieldset aria-describedby={errors.scopes ? `${ids.scopes}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Scopes</legend>
        <div className="mt-2 space-y-2">
          {API_KEY_SCOPES.map((scope) => (
            <CheckboxCard
              key={scope}
              value={scope}
              title={API_KEY_SCOPE_LABELS[scope].label}
              detail={
                <span className="block text-sm text-slate-600">
                  {API_KEY_SCOPE_LABELS[scope].description}
                </span>
              }
              {...form.register("scopes")}
            />
          ))}
        </div>
        <FieldError id={`${ids.scopes}-error`}>{errors.scopes?.message}</FieldError>
      </fieldset>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Create key
        </Button>
      </div>
    </form>
  );
}
