"use client";
// The fields of a webhook endpoint (URL, description, event types), for registering one and for editing
// it. Validated in the browser with the API's schema (restated in endpoint-form-schema.ts); the server
// validates again and runs the SSRF guard, whose refusal comes back as the URL field's error.
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxCard } from "./checkbox-card";
import { FieldError, FieldHint } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/lib/events/movement-envelope";
import type { ActionResult } from "@/lib/http/action-result";
import { ENDPOINT_DESCRIPTION_MAX, endpointFormSchema } from "./endpoint-form-schema";
import { EVENT_TYPE_LABELS } from "./event-types";

type FormInput = z.input<typeof endpointFormSchema>;
type FormOutput = z.output<typeof endpointFormSchema>;
export type EndpointFormValues = {
  url: string;
  description: string | null;
  eventTypes: FormOutput["eventTypes"];
};

const FIELDS = ["url", "description", "eventTypes"] as const;

export function EndpointForm<T>({
  defaultValues,
  submitLabel,
  onSubmit,
  onCancel,
  onSaved,
}: {
  defaultValues?: { url: string; description?: string; eventTypes: string[] };
  submitLabel: string;
  onSubmit: (values: EndpointFormValues) => Promise<ActionResult<T>>;
  onCancel: () => void;
  onSaved: (data: T) => void;
}) {
  const ids = { url: useId(), description: useId(), events: useId() };
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(endpointFormSchema),
    defaultValues: {
      url: defaultValues?.url ?? "",
      description: defaultValues?.description ?? "",
      eventTypes: (defaultValues?.eventTypes ?? []) as FormInput["eventTypes"],
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await onSubmit({
      url: values.url.trim(),
      description: values.description?.trim() || null,
      eventTypes: values.eventTypes ?? [],
    });
    if (result.ok) {
      onSaved(result.data);
      return;
    }
    let placed = false;
    for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
      const field = FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
      if (field) {
        form.setError(field, { message }, { shouldFocus: !placed });
        placed = true;
      }
    }
    if (!placed) setFailure(result.message);
  });

  const described = (id: string, hint: boolean, error: boolean) =>
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <HydratedForm onSubmit={submit} noValidate className="space-y-5">
      <div>
        <Label htmlFor={ids.url}>Endpoint URL</Label>
        <Input
          id={ids.url}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://dms.example.com/hooks/vms"
          className="mt-1.5 font-mono"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={described(ids.url, true, Boolean(errors.url))}
          {...form.register("url")}
        />
        <FieldHint id={`${ids.url}-hint`}>
          Events are POSTed here, signed. It must be <code className="font-mono">https</code> and reachable
          from the internet.
        </FieldHint>
        <FieldError id={`${ids.url}-error`}>{errors.url?.message}</FieldError>
      </div>
      <div>
        <Label htmlFor={ids.description} optional>
          Description
        </Label>
        <Input
          id={ids.description}
          placeholder="Our DMS, production"
          className="mt-1.5"
          maxLength={ENDPOINT_DESCRIPTION_MAX}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described(ids.description, false, Boolean(errors.description))}
          {...form.register("description")}
        />
        <FieldError id={`${ids.description}-error`}>{errors.description?.message}</FieldError>
      </div>
      <fieldset aria-describedby={`${ids.events}-hint`}>
        <legend className="text-sm font-medium text-slate-800">Events</legend>
        <FieldHint id={`${ids.events}-hint`} className="mt-0.5">
          Leave all unticked to receive every movement event, including ones added later. At risk is sent only
          when ticked.
        </FieldHint>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SUBSCRIBABLE_EVENT_TYPES.map((type) => (
            <CheckboxCard
              key={type}
              value={type}
              title={EVENT_TYPE_LABELS[type].label}
              detail={<span className="block font-mono text-xs text-slate-600">{type}</span>}
              {...form.register("eventTypes")}
            />
          ))}
        </div>
        <FieldError id={`${ids.events}-error`}>{errors.eventTypes?.message}</FieldError>
      </fieldset>
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </HydratedForm>
  );
}
