"use client";
// The administrator's marketplace page: whether claims win by themselves, the invitation form, and the
// carriers invited so far (pending until they set their password through the e-mailed link).
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { ActionResult } from "@/lib/http/action-result";
import type { CarrierListItem } from "@/lib/marketplace/carriers";

type Props = {
  carriers: CarrierListItem[];
  autoAccept: boolean;
  actions: {
    invite: (input: unknown) => Promise<ActionResult<{ email: string }>>;
    setAutoAccept: (enabled: unknown) => Promise<ActionResult>;
  };
};

const KIND_LABEL: Record<CarrierListItem["kind"], string> = {
  THIRD_PARTY_LOGISTICS: "3PL company",
  INDEPENDENT_DRIVER: "Independent driver",
};

export function MarketplaceAdmin({ carriers, autoAccept, actions }: Props) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <div className="space-y-6">
        <AutoAcceptCard enabled={autoAccept} setAutoAccept={actions.setAutoAccept} />
        <InviteCard invite={actions.invite} />
      </div>
      <Card>
        <CardHeader title={`Carriers (${carriers.length})`} />
        <CardBody>
          {carriers.length === 0 ? (
            <p className="text-sm text-slate-600">No carrier yet: invite one.</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="carrier-list">
              {carriers.map((carrier) => (
                <li key={carrier.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                  <span className="font-medium text-slate-900">{carrier.name}</span>
                  <span className="break-all text-slate-600">{carrier.email}</span>
                  <span className="text-slate-700">{KIND_LABEL[carrier.kind]}</span>
                  <span className="text-slate-700">
                    {carrier.transportMethods.join(", ").toLowerCase()} · {carrier.postcodeAreas.join(" ")}
                  </span>
                  <Badge tone={carrier.joinedAt ? "success" : "warning"}>
                    {carrier.joinedAt ? "Joined" : "Invited"}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </div>
  );
}

function AutoAcceptCard({
  enabled,
  setAutoAccept,
}: {
  enabled: boolean;
  setAutoAccept: Props["actions"]["setAutoAccept"];
}) {
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function toggle() {
    setPending(true);
    const result = await setAutoAccept(!enabled);
    setPending(false);
    setMessage(result.ok ? null : result.message);
  }
  return (
    <Card>
      <CardHeader
        title="Accepting claims"
        description={
          enabled
            ? "The first claim or bid at or under the estimate wins by itself. Bids above it wait for a dispatcher."
            : "A dispatcher accepts each job's claim or bid on the board."
        }
        actions={
          <Button variant="secondary" loading={pending} onClick={() => void toggle()} aria-pressed={enabled}>
            {enabled ? "Turn off auto-accept" : "Turn on auto-accept"}
          </Button>
        }
      />
      {message ? (
        <CardBody>
          <Alert tone="danger">{message}</Alert>
        </CardBody>
      ) : null}
    </Card>
  );
}

function InviteCard({ invite }: { invite: Props["actions"]["invite"] }) {
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ActionResult<{ email: string }> | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setPending(true);
    const answer = await invite({
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      kind: String(form.get("kind") ?? ""),
      transportMethods: form.getAll("transportMethods").map(String),
      postcodeAreas: String(form.get("postcodeAreas") ?? ""),
    });
    setPending(false);
    setResult(answer);
    if (answer.ok) formElement.reset();
  }

  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const field = (name: string) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
  });
  return (
    <Card>
      <CardHeader
        title="Invite a carrier"
        description="They get an e-mail with a link to choose a password (valid 7 days), then sign in to their jobs page."
      />
      <CardBody>
        <HydratedForm onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="carrier-name">Name</Label>
            <Input id="carrier-name" name="name" required className="mt-1" {...field("name")} />
            <FieldError id="name-error">{errors.name}</FieldError>
          </div>
          <div>
            <Label htmlFor="carrier-email">E-mail</Label>
            <Input
              id="carrier-email"
              name="email"
              type="email"
              required
              className="mt-1"
              {...field("email")}
            />
            <FieldError id="email-error">{errors.email}</FieldError>
          </div>
          <div>
            <Label htmlFor="carrier-kind">Kind</Label>
            <Select id="carrier-kind" name="kind" defaultValue="THIRD_PARTY_LOGISTICS" className="mt-1">
              <option value="THIRD_PARTY_LOGISTICS">3PL company</option>
              <option value="INDEPENDENT_DRIVER">Independent driver</option>
            </Select>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Transport methods</legend>
            <div className="mt-2 flex gap-4 text-sm text-slate-800">
              {(["DRIVEN", "TRANSPORTED"] as const).map((method) => (
                <label key={method} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="transportMethods"
                    value={method}
                    defaultChecked={method === "DRIVEN"}
                  />
                  {method === "DRIVEN" ? "Driven" : "Transported"}
                </label>
              ))}
            </div>
            <FieldError id="transportMethods-error">{errors.transportMethods}</FieldError>
          </fieldset>
          <div className="sm:col-span-2">
            <Label htmlFor="carrier-areas">Postcode areas served</Label>
            <Input
              id="carrier-areas"
              name="postcodeAreas"
              placeholder="M, LS, B"
              required
              className="mt-1"
              {...field("postcodeAreas")}
            />
            <p className="mt-1 text-sm text-slate-600">
              The letters a postcode starts with; a job matches when either end is in one.
            </p>
            <FieldError id="postcodeAreas-error">{errors.postcodeAreas}</FieldError>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={pending}>
              Send invitation
            </Button>
          </div>
        </HydratedForm>
        {result ? (
          <Alert tone={result.ok ? "success" : "danger"} className="mt-4">
            {result.ok ? `Invitation sent to ${result.data.email}.` : result.message}
          </Alert>
        ) : null}
      </CardBody>
    </Card>
  );
}
