"use client";
// Creating an API key: the form, then the key itself, shown once. The dialog cannot be dismissed by
// accident while the key is on screen: the reader closes it with "I have saved the key".
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { CreateApiKeyInput, CreatedApiKey } from "@/lib/auth/api-keys/schemas";
import type { ActionResult } from "@/lib/http/action-result";
import { CreateApiKeyForm } from "./create-api-key-form";
import { SecretReveal } from "./secret-reveal";

export type CreateApiKeyAction = (input: CreateApiKeyInput) => Promise<ActionResult<CreatedApiKey>>;

export function CreateApiKeyDialog({
  open,
  profileName,
  createAction,
  onClose,
}: {
  open: boolean;
  profileName: string;
  createAction: CreateApiKeyAction;
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
