"use client";
// The organisation's message settings: the sender's name and reply-to address, the language of dates
// and times, which customer messages are sent, and quiet hours. The server checks the same schema.
import { useState, useTransition, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { HydratedForm } from "@/components/ui/hydrated-form";
import type { CustomerMessageKind } from "@/lib/generated/prisma/enums";
import type { ActionResult } from "@/lib/http/action-result";
import {
  CUSTOMER_MESSAGE_KINDS,
  CUSTOMER_MESSAGE_LABEL,
  MESSAGE_LOCALES,
  type MessageSettings,
} from "@/lib/organisations/message-settings-schema";

type Props = {
  initial: MessageSettings;
  /** MAIL_FROM: whose name the e-mails carry when none is set here. */
  defaultSender: string;
  saveAction: (input: unknown) => Promise<ActionResult<MessageSettings>>;
};

const INPUT = "mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 text-slate-900";

export function MessageSettingsForm({ initial, defaultSender, saveAction }: Props) {
  const [pending, startTransition] = useTransition();
  const [kinds, setKinds] = useState<CustomerMessageKind[]>(initial.customerMessageKinds);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  function toggle(kind: CustomerMessageKind, checked: boolean) {
    setKinds((current) => (checked ? [...current, kind] : current.filter((item) => item !== kind)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? "");
    startTransition(async () => {
      const result = await saveAction({
        fromName: field("fromName"),
        replyTo: field("replyTo"),
        locale: field("locale"),
        customerMessageKinds: kinds,
        quietHoursStart: field("quietHoursStart"),
        quietHoursEnd: field("quietHoursEnd"),
      });
      setOutcome(
        result.ok
          ? { ok: true, message: "Saved: messages written from now on follow these settings." }
          : // One form, few fields: each refusal's reason in words after the summary.
            { ok: false, message: [result.message, ...Object.values(result.fieldErrors ?? {})].join(" ") },
      );
    });
  }

  return (
    <Card className="max-w-3xl">
      <CardHeader
        title="Messages"
        description="Customers can stop their messages with the link in each one; that is always honoured."
      />
      <CardBody>
        <HydratedForm onSubmit={submit} className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <label className="block text-sm font-medium text-slate-900">
              Sender&apos;s name
              <input
                name="fromName"
                defaultValue={initial.fromName ?? ""}
                maxLength={100}
                className={INPUT}
              />
              <span className="mt-1 block font-normal break-words text-slate-600">
                Empty: {defaultSender}
              </span>
            </label>
            <label className="block text-sm font-medium text-slate-900">
              Replies go to
              <input
                name="replyTo"
                type="email"
                defaultValue={initial.replyTo ?? ""}
                className={INPUT}
                placeholder="service@example.com"
              />
              <span className="mt-1 block font-normal text-slate-600">Empty: replies are not read.</span>
            </label>
            <label className="block text-sm font-medium text-slate-900">
              Language of dates and times
              <select name="locale" defaultValue={initial.locale} className={INPUT}>
                {[...new Set([initial.locale, ...MESSAGE_LOCALES])].map((locale) => (
                  <option key={locale} value={locale}>
                    {locale}
                  </option>
                ))}
              </select>
              <span className="mt-1 block font-normal text-slate-600">
                Customer messages are written in its language where we have it (English, French, German,
                Dutch, Spanish, Italian, Polish), else in English.
              </span>
            </label>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Customer messages to send</legend>
            <div className="mt-2 space-y-1">
              {CUSTOMER_MESSAGE_KINDS.map((kind) => (
                <label key={kind} className="flex min-h-11 items-center gap-2 text-slate-800">
                  <input
                    type="checkbox"
                    className="size-5 shrink-0"
                    checked={kinds.includes(kind)}
                    onChange={(event) => toggle(kind, event.target.checked)}
                  />
                  {CUSTOMER_MESSAGE_LABEL[kind]}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">
              Quiet hours (the destination&apos;s time)
            </legend>
            <p className="mt-1 text-sm text-slate-600">
              A message due in them waits until they end; &ldquo;arriving&rdquo; is not sent (it would be
              wrong by then). Leave both empty for none.
            </p>
            <div className="mt-2 grid grid-cols-2 gap-4 sm:max-w-sm">
              {(
                [
                  ["quietHoursStart", "From"],
                  ["quietHoursEnd", "Until"],
                ] as const
              ).map(([name, label]) => (
                <label key={name} className="block text-sm font-medium text-slate-900">
                  {label}
                  <input name={name} type="time" defaultValue={initial[name] ?? ""} className={INPUT} />
                </label>
              ))}
            </div>
          </fieldset>
          <div role="status" className="empty:hidden">
            {outcome ? <Alert tone={outcome.ok ? "success" : "danger"}>{outcome.message}</Alert> : null}
          </div>
          <Button type="submit" loading={pending}>
            Save message settings
          </Button>
        </HydratedForm>
      </CardBody>
    </Card>
  );
}
