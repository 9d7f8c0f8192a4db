"use client";
// "At sublet" asks where to: a vendor of the organisation's list, or a new one (a name, and an e-mail
// or phone if known), and whether to e-mail the vendor its link. The item moves, the vendor's link for
// the job is made (or reused) and shown under the items.
import { useId, useState, type FormEvent } from "react";
import { useSublet } from "@/components/kanban/sublet-context";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { ActionFailure } from "@/lib/http/action-result";
import type { WorkItemResponse } from "@/lib/recon/schemas";
import type { SendToSubletInput } from "@/lib/recon/sublet/schemas";

const NEW = "new";

export function SendToSubletForm({ item, onSent }: { item: WorkItemResponse; onSent: () => void }) {
  const sublet = useSublet();
  const id = useId();
  const vendors = sublet?.details?.vendors ?? [];
  const [choice, setChoice] = useState<string>(vendors[0]?.id ?? NEW);
  const [fields, setFields] = useState({ name: "", email: "", phone: "" });
  const [emailLink, setEmailLink] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  if (!sublet) return null;
  const chosen = vendors.find((vendor) => vendor.id === choice);
  const isNew = choice === NEW || !chosen;
  const canEmail = isNew ? fields.email.trim() !== "" : Boolean(chosen?.email);
  const fieldError = (name: string) => failure?.fieldErrors?.[`vendor.new.${name}`];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!sublet) return;
    const input: SendToSubletInput = {
      vendor: isNew ? { new: fields } : { id: chosen.id },
      emailLink: emailLink && canEmail,
      version: item.version,
    };
    setPending(true);
    const failed = await sublet.run(() => sublet.actions.send(sublet.prepJobId, item.id, input));
    setPending(false);
    setFailure(failed);
    if (!failed) onSent();
  }

  const text = (name: "name" | "email" | "phone", label: string, type = "text") => (
    <div className="min-w-0">
      <Label htmlFor={`${id}-${name}`} optional={name !== "name"} className="mb-1 text-xs">
        {label}
      </Label>
      <Input
        id={`${id}-${name}`}
        type={type}
        value={fields[name]}
        aria-invalid={fieldError(name) ? true : undefined}
        aria-describedby={fieldError(name) ? `${id}-${name}-error` : undefined}
        onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      />
      <FieldError id={`${id}-${name}-error`}>{fieldError(name)}</FieldError>
    </div>
  );

  return (
    <HydratedForm
      noValidate
      className="mt-2 flex flex-col gap-2 rounded-md bg-slate-50 p-2.5 ring-1 ring-slate-200"
      onSubmit={(event) => void submit(event)}
      aria-label="Send to a sublet vendor"
    >
      <div>
        <Label htmlFor={`${id}-vendor`} className="mb-1 text-xs">
          Sublet vendor
        </Label>
        <Select
          id={`${id}-vendor`}
          value={isNew ? NEW : choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          {vendors.map((vendor) => (
            <option key={vendor.id} value={vendor.id}>
              {vendor.name}
            </option>
          ))}
          <option value={NEW}>A new vendor…</option>
        </Select>
      </div>
      {isNew ? (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {text("name", "Vendor's name")}
          {text("email", "E-mail", "email")}
          {text("phone", "Phone", "tel")}
        </div>
      ) : null}
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-5"
          checked={emailLink && canEmail}
          disabled={!canEmail}
          onChange={(event) => setEmailLink(event.target.checked)}
        />
        E-mail the vendor its link{canEmail ? "" : " (no e-mail address known)"}
      </label>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure.message}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="min-h-11 self-start" loading={pending}>
        Send to sublet
      </Button>
    </HydratedForm>
  );
}
