"use client";
// The form of a new API key: its name and scopes, validated with the API's own schema; the server's
// field errors are put back under their fields.
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError, FieldHint } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  createApiKeyBody,
  type CreateApiKeyBody,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from "@/lib/auth/api-keys/schemas";
import { CheckboxCard } from "./checkbox-card";
import type { CreateApiKeyAction } from "./create-api-key-dialog";

export function CreateApiKeyForm({
  createAction,
  onCancel,
  onCreated,
}: {
  createAction: CreateApiKeyAction;
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
    <HydratedForm onSubmit={submit} noValidate className="space-y-5">
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
    </HydratedForm>
  );
}
