"use client";
// "Add endpoint": the endpoint form in a dialog; once registered, the same dialog shows the signing
// secret, once, and cannot be closed by accident (Escape or a click outside) until the admin is done.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { PlusIcon } from "@/components/ui/icons";
import type { CreatedWebhookEndpointResponse } from "@/lib/webhooks/schemas";
import type { ActionResult } from "@/lib/http/action-result";
import { EndpointForm, type EndpointFormValues } from "./endpoint-form";
import { SecretReveal } from "./secret-reveal";

export function AddEndpointButton({
  profileName,
  createAction,
  variant = "primary",
}: {
  profileName: string;
  createAction: (input: unknown) => Promise<ActionResult<CreatedWebhookEndpointResponse>>;
  variant?: "primary" | "secondary";
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpointResponse | null>(null);

  function close() {
    setOpen(false);
    setCreated(null);
    router.refresh();
  }

  return (
    <>
      <Button variant={variant} size="sm" onClick={() => setOpen(true)}>
        <PlusIcon />
        Add endpoint
      </Button>
      <Dialog
        open={open}
        onClose={close}
        dismissible={!created}
        size="lg"
        title={created ? "Endpoint added" : "Add a webhook endpoint"}
        description={
          created ? (
            <>
              Deliveries to <span className="font-mono break-all text-slate-800">{created.url}</span> are
              signed with this secret.
            </>
          ) : (
            <>Movement events of {profileName} are sent to it as they happen.</>
          )
        }
        footer={
          created ? (
            <>
              <Link
                href={`/integrations/endpoints/${created.id}`}
                className={buttonClasses({ variant: "secondary" })}
                onClick={() => setOpen(false)}
              >
                Open the endpoint
              </Link>
              <Button onClick={close}>I have saved the secret</Button>
            </>
          ) : undefined
        }
      >
        {created ? (
          <SecretReveal label="Signing secret" value={created.secret} testId="revealed-secret">
            Only an encrypted copy is stored, and it is never shown. Verify the{" "}
            <code className="font-mono whitespace-nowrap">hook-signature</code> header of each delivery with
            it. If it is lost, rotate the secret.
          </SecretReveal>
        ) : (
          <EndpointForm
            submitLabel="Add endpoint"
            onCancel={close}
            onSubmit={(values: EndpointFormValues) =>
              createAction({
                url: values.url,
                ...(values.description ? { description: values.description } : {}),
                eventTypes: values.eventTypes,
              })
            }
            onSaved={(data) => setCreated(data)}
          />
        )}
      </Dialog>
    </>
  );
}
