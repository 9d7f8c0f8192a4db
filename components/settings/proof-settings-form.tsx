"use client";
// The organisation's proof settings: the minimum set of photos (a checkbox per slot, in the order the
// phone asks for them) and whether the tracking page shows the proof of delivery. The server checks
// the same schema; the phone's form and the proof endpoint read the saved set.
import { useState, useTransition, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/http/action-result";
import type { ProofSettings } from "@/lib/organisations/proof-settings-schema";
import { PHOTO_SLOT_LABEL, REQUIRABLE_PHOTO_SLOTS, type RequirablePhotoSlot } from "@/lib/proofs/photo-slots";

type Props = {
  initial: ProofSettings;
  saveAction: (input: unknown) => Promise<ActionResult<ProofSettings>>;
};

export function ProofSettingsForm({ initial, saveAction }: Props) {
  const [pending, startTransition] = useTransition();
  const [slots, setSlots] = useState<RequirablePhotoSlot[]>(initial.photoSlots);
  const [onTrackingPage, setOnTrackingPage] = useState(initial.onTrackingPage);
  const [dispatchPhone, setDispatchPhone] = useState(initial.dispatchPhone ?? "");
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  function toggle(slot: RequirablePhotoSlot, checked: boolean) {
    setSlots((current) => (checked ? [...current, slot] : current.filter((item) => item !== slot)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    startTransition(async () => {
      const result = await saveAction({ photoSlots: slots, onTrackingPage, dispatchPhone });
      setOutcome(
        result.ok
          ? { ok: true, message: "Saved: carriers' proof forms ask for these photos from now on." }
          : { ok: false, message: result.message },
      );
    });
  }

  return (
    <Card className="max-w-3xl">
      <CardHeader
        title="Proof of collection and delivery"
        description="The signature and the name of whoever hands over or receives the vehicle are always required."
      />
      <CardBody>
        <HydratedForm onSubmit={submit} className="space-y-5">
          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Photos a carrier must take</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {REQUIRABLE_PHOTO_SLOTS.map((slot) => (
                <label key={slot} className="flex min-h-11 items-center gap-2 text-slate-800">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={slots.includes(slot)}
                    onChange={(event) => toggle(slot, event.target.checked)}
                  />
                  {PHOTO_SLOT_LABEL[slot]}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex items-start gap-2 text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0"
              checked={onTrackingPage}
              onChange={(event) => setOnTrackingPage(event.target.checked)}
            />
            <span>
              Show customers the proof of delivery on the tracking page (the delivery photos, the time and who
              received it; never the signature or the position)
            </span>
          </label>
          <div>
            <Label htmlFor="dispatch-phone">Dispatch phone (carriers call it from the job page)</Label>
            <Input
              id="dispatch-phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              className="mt-1.5 max-w-60"
              placeholder="+441612345678"
              aria-describedby="dispatch-phone-hint"
              value={dispatchPhone}
              onChange={(event) => setDispatchPhone(event.target.value)}
            />
            <p id="dispatch-phone-hint" className="mt-1 text-sm text-slate-600">
              International form. A site&apos;s own number, when it has one, is offered first.
            </p>
          </div>
          <div role="status" className="empty:hidden">
            {outcome ? <Alert tone={outcome.ok ? "success" : "danger"}>{outcome.message}</Alert> : null}
          </div>
          <Button type="submit" loading={pending}>
            Save proof settings
          </Button>
        </HydratedForm>
      </CardBody>
    </Card>
  );
}
