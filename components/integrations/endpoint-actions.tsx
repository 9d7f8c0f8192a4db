"use client";
// What an admin does with one endpoint: send a test event, disable / enable, rotate the secret (shown
// once), edit, delete. Destructive ones ask first; each says what happened in a status line.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { SentTestEvent } from "@/lib/webhooks/test-event";
import type { WebhookEndpointResponse } from "@/lib/webhooks/schemas";
import type { ActionResult } from "@/lib/http/action-result";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EndpointForm, type EndpointFormValues } from "./endpoint-form";
import { useEndpointNotice } from "./endpoint-notice";
import { EVENT_TYPE_LABELS } from "./event-types";
import { SecretReveal } from "./secret-reveal";

type Props = {
  endpoint: WebhookEndpointResponse;
  setEnabledAction: (enabled: boolean) => Promise<ActionResult<WebhookEndpointResponse>>;
  rotateSecretAction: () => Promise<ActionResult<{ secret: string }>>;
  sendTestEventAction: () => Promise<ActionResult<SentTestEvent>>;
  updateAction: (input: unknown) => Promise<ActionResult<WebhookEndpointResponse>>;
  deleteAction: () => Promise<ActionResult>;
};

type Open = "rotate" | "secret" | "edit" | "delete" | "disable" | null;

export function EndpointActions({
  endpoint,
  setEnabledAction,
  rotateSecretAction,
  sendTestEventAction,
  updateAction,
  deleteAction,
}: Props) {
  const router = useRouter();
  const [open, setOpen] = useState<Open>(null);
  const { setNotice } = useEndpointNotice();
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState<"test" | "enable" | null>(null);
  const [, startTransition] = useTransition();

  function run<T>(
    which: "test" | "enable",
    action: () => Promise<ActionResult<T>>,
    success: (data: T) => string,
  ) {
    setBusy(which);
    setNotice(null);
    startTransition(async () => {
      const result = await action();
      setBusy(null);
      setNotice(
        result.ok
          ? { tone: "success", text: success(result.data) }
          : { tone: "danger", text: result.message },
      );
      router.refresh();
    });
  }

  const sendTest = () =>
    run(
      "test",
      sendTestEventAction,
      (sent) =>
        `Test event sent (${EVENT_TYPE_LABELS[sent.eventType].label.toLowerCase()}, ${sent.eventId}). Its delivery appears in the log below within seconds.`,
    );
  const enable = () =>
    run(
      "enable",
      () => setEnabledAction(true),
      () => "Endpoint enabled. Deliveries that were waiting are sent now.",
    );

  return (
    <>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          size="sm"
          onClick={sendTest}
          loading={busy === "test"}
          disabled={!endpoint.enabled}
          title={endpoint.enabled ? undefined : "Enable the endpoint to send a test event"}
        >
          Send test event
        </Button>
        {endpoint.enabled ? (
          <Button size="sm" variant="secondary" onClick={() => setOpen("disable")}>
            Disable
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={enable} loading={busy === "enable"}>
            Enable
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => setOpen("rotate")}>
          Rotate secret
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setOpen("edit")}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={() => setOpen("delete")}
        >
          Delete
        </Button>
      </div>

      <ConfirmDialog
        open={open === "disable"}
        onClose={() => setOpen(null)}
        title="Disable this endpoint?"
        confirmLabel="Disable"
        tone="primary"
        action={() => setEnabledAction(false)}
        onDone={() => {
          setNotice({
            tone: "info",
            text: "Endpoint disabled. New events wait for it; enable it to send them.",
          });
          router.refresh();
        }}
      >
        <p>
          Nothing is sent to it until you enable it again. Events that happen meanwhile are kept and sent when
          it is enabled.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={open === "rotate"}
        onClose={() => setOpen(null)}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        action={rotateSecretAction}
        onDone={(data) => {
          setSecret(data.secret);
          setOpen("secret");
          return false;
        }}
      >
        <p>
          A new secret is made and shown once. The current one keeps signing beside it for 24 hours, so that
          the receiving system can switch without missing a delivery.
        </p>
        <p>After 24 hours, deliveries are signed with the new secret only.</p>
      </ConfirmDialog>

      <Dialog
        open={open === "secret" && secret !== null}
        onClose={() => {
          setSecret(null);
          setOpen(null);
        }}
        dismissible={false}
        title="New signing secret"
        footer={
          <Button
            onClick={() => {
              setSecret(null);
              setOpen(null);
              setNotice({
                tone: "success",
                text: "Secret rotated. The previous one stops signing in 24 hours.",
              });
            }}
          >
            I have saved the secret
          </Button>
        }
      >
        {secret ? (
          <SecretReveal label="Signing secret" value={secret} testId="revealed-secret">
            Deploy it to the receiving system within 24 hours: until then deliveries carry a signature with
            each secret. If it is lost, rotate again.
          </SecretReveal>
        ) : null}
      </Dialog>

      <Dialog open={open === "edit"} onClose={() => setOpen(null)} size="lg" title="Edit endpoint">
        <EndpointForm
          submitLabel="Save changes"
          defaultValues={endpoint}
          onCancel={() => setOpen(null)}
          onSubmit={(values: EndpointFormValues) => updateAction(values)}
          onSaved={() => {
            setOpen(null);
            setNotice({ tone: "success", text: "Endpoint saved." });
            router.refresh();
          }}
        />
      </Dialog>

      <ConfirmDialog
        open={open === "delete"}
        onClose={() => setOpen(null)}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        action={deleteAction}
        onDone={() => {
          router.push("/integrations?deleted=endpoint");
          router.refresh();
          return false;
        }}
      >
        <p>
          <span className="font-mono break-all text-slate-900">{endpoint.url}</span> stops receiving events at
          once. Its secrets, waiting deliveries and attempt log are deleted. This cannot be undone.
        </p>
        <p>To pause deliveries instead, disable it.</p>
      </ConfirmDialog>
    </>
  );
}
