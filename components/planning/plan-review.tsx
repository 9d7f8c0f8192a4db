"use client";
// The review of a proposed plan: the totals, a map of the chains (plan-map.tsx), a timeline per driver (their chain, collect and deliver
// times), the 3PLs' list (provider, price), the unplanned with their reasons. The dispatcher moves a
// request (the totals re-evaluated), locks choices and re-plans the rest, ticks requests and accepts
// them, or accepts all; what is accepted is marked.
import { useState, useTransition } from "react";
import { formatInstant } from "@/components/board/format";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { ActionResult } from "@/lib/http/action-result";
import type { MapTiles } from "@/lib/maps/map-tiles";
import type { PlanBody } from "@/lib/planning/model";
import { carrierInBody } from "@/lib/planning/plan-carrier";
import type { PoolPlanReview } from "@/lib/planning/pool-plan-review";
import type { PlanActions } from "./plan-actions";
import { PlanMap } from "./plan-map";
import { DriverTimeline } from "./driver-timeline";
import { PlanRequestControls } from "./plan-request-controls";
import { formatMinorUnits } from "@/lib/intl-formats";

const money = (cents: number, currency: string) => formatMinorUnits(cents, currency);

export function PlanReview({
  review,
  body,
  actions,
  tiles,
  onChange,
}: {
  review: PoolPlanReview;
  body: PlanBody;
  actions: PlanActions;
  tiles: MapTiles;
  onChange: (review: PoolPlanReview) => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const accepted = new Set(review.acceptedRequestIds);
  const toggle = (requestId: string) =>
    setSelected((before) => {
      const after = new Set(before);
      if (!after.delete(requestId)) after.add(requestId);
      return after;
    });
  /**
   * Runs one change; on failure says why and shows the plan as it now stands. The last change's message
   * goes at once (outside the transition), so what shows next is this change's answer.
   */
  const change = (work: () => Promise<ActionResult<PoolPlanReview>>, success: string) => {
    setMessage(null);
    startTransition(async () => {
      const result = await work();
      if (result.ok) {
        setMessage({ tone: "success", text: success });
        onChange(result.data);
      } else {
        setMessage({ tone: "danger", text: result.message });
        const reloaded = await actions.review(review.id);
        if (reloaded.ok) onChange(reloaded.data);
      }
      setSelected(new Set());
    });
  };
  const accept = (requestIds?: string[]) =>
    change(
      () => actions.accept(review.id, requestIds ? { requestIds } : undefined),
      "Accepted: the board shows the assignments.",
    );
  const editable = review.status === "PROPOSED";
  const controls = (requestId: string) =>
    editable ? (
      <PlanRequestControls
        vehicle={label(requestId).vehicle}
        carrier={carrierInBody(body, requestId)}
        drivers={review.drivers}
        locked={requestId in review.locks}
        disabled={pending}
        onMove={(to) =>
          change(() => actions.move(review.id, { requestId, to }), "Moved: the totals are re-evaluated.")
        }
        onLock={(locked) =>
          change(
            () => actions.lock(review.id, { requestId, locked }),
            locked ? "Locked: a re-plan keeps it." : "Unlocked.",
          )
        }
      />
    ) : null;
  const label = (requestId: string) => review.requests[requestId] ?? { vehicle: requestId, lane: "" };
  const pick = (requestId: string) =>
    accepted.has(requestId) ? (
      <Badge tone="success">Accepted</Badge>
    ) : (
      <input
        type="checkbox"
        className="size-4"
        aria-label={`Select ${label(requestId).vehicle}`}
        checked={selected.has(requestId)}
        onChange={() => toggle(requestId)}
      />
    );
  const { totals } = body;
  const acceptable = review.status === "PROPOSED" || review.status === "PARTLY_ACCEPTED";

  return (
    <section aria-label="Proposed plan" className="flex flex-col gap-6">
      <Card>
        <CardHeader
          title={`Proposed plan (${review.status.replace("_", " ").toLowerCase()})`}
          actions={
            acceptable ? (
              // Three buttons are wider than a phone: they wrap.
              <div className="flex flex-wrap gap-2">
                {editable ? (
                  <Button
                    variant="secondary"
                    disabled={pending}
                    onClick={() => change(() => actions.replan(review.id), "Re-planning the rest…")}
                  >
                    Re-plan the rest
                  </Button>
                ) : null}
                <Button
                  variant="secondary"
                  disabled={pending || selected.size === 0}
                  onClick={() => accept([...selected])}
                >
                  Accept selected ({selected.size})
                </Button>
                <Button disabled={pending} onClick={() => accept()}>
                  Accept all
                </Button>
              </div>
            ) : null
          }
        />
        <CardBody>
          <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
            <Total term="Cost" value={money(totals.costCents, totals.currency)} />
            <Total term="Lateness penalty" value={money(totals.latenessPenaltyCents, totals.currency)} />
            <Total term="Empty km" value={totals.emptyKm.toLocaleString("en-GB")} />
            <Total term="Late requests" value={String(totals.lateRequests)} />
          </dl>
          {message ? (
            <Alert tone={message.tone} className="mt-4">
              {message.text}
            </Alert>
          ) : null}
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Map"
          description="Each driver's chain from home and back; the 3PLs' requests in grey."
        />
        <CardBody>
          <PlanMap body={body} data={review.map} driverNames={review.driverNames} tiles={tiles} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Own drivers"
          description="Each driver's day on the hours (blue on time, red late), then its moves in order."
        />
        <CardBody className="flex flex-col gap-4">
          {body.drivers.length === 0 ? <p className="text-sm text-slate-600">No driver is used.</p> : null}
          {body.drivers.map((chain) => (
            <div key={chain.driverId}>
              <h3 className="text-sm font-semibold text-slate-900">
                {review.driverNames[chain.driverId] ?? chain.driverId}
              </h3>
              <DriverTimeline
                moves={chain.moves}
                timeZone={review.map.homes[chain.driverId]?.timeZone ?? null}
                vehicleOf={(requestId) => label(requestId).vehicle}
              />
              <ol className="mt-2 flex flex-col gap-2 border-l-2 border-blue-200 pl-4">
                {chain.moves.map((move) => (
                  <li key={move.requestId} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    {pick(move.requestId)}
                    <span className="font-medium">{label(move.requestId).vehicle}</span>
                    <span className="text-slate-700">{label(move.requestId).lane}</span>
                    <span className="text-slate-700">
                      collect {formatInstant(move.collectAt)}, deliver {formatInstant(move.deliverAt)}
                    </span>
                    {move.lateMinutes > 0 ? <Badge tone="danger">{move.lateMinutes} min late</Badge> : null}
                    {controls(move.requestId)}
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="3PLs" description="Requests proposed for a 3PL, at its rate-card price." />
        <CardBody>
          {body.thirdParty.length === 0 ? <p className="text-sm text-slate-600">None.</p> : null}
          <ul className="flex flex-col gap-2">
            {body.thirdParty.map((entry) => (
              <li key={entry.requestId} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                {pick(entry.requestId)}
                <span className="font-medium">{label(entry.requestId).vehicle}</span>
                <span className="text-slate-700">{label(entry.requestId).lane}</span>
                <span>{review.providerNames[entry.providerId] ?? entry.providerId}</span>
                <span className="tabular-nums">{money(entry.priceCents, entry.currency)}</span>
                {entry.lateMinutes > 0 ? <Badge tone="danger">{entry.lateMinutes} min late</Badge> : null}
                {controls(entry.requestId)}
              </li>
            ))}
          </ul>
        </CardBody>
      </Card>

      {body.unplanned.length > 0 ? (
        <Card>
          <CardHeader title="Unplanned" description="Requests nothing can carry, and why." />
          <CardBody>
            <ul className="flex flex-col gap-2 text-sm">
              {body.unplanned.map((entry) => (
                <li key={entry.requestId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium">{label(entry.requestId).vehicle}</span>
                  <span className="text-slate-700">{label(entry.requestId).lane}</span>
                  <span>{entry.detail}</span>
                  {controls(entry.requestId)}
                </li>
              ))}
            </ul>
          </CardBody>
        </Card>
      ) : null}
    </section>
  );
}

function Total({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
