"use client";
// "Plan the pool": the dispatcher picks the days, the worker plans (its progress polled every second),
// then the review (plan-review.tsx) shows the plan to accept, all or a part.
import { useEffect, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { MapTiles } from "@/lib/maps/map-tiles";
import type { PoolPlanReview } from "@/lib/planning/pool-plan-review";
import type { PlanActions } from "./plan-actions";
import { ManualComparison } from "./manual-comparison";
import { PlanReview } from "./plan-review";

const POLL_MS = 1_000;

export function PlanThePool({
  actions,
  tiles,
  today,
  tomorrow,
}: {
  actions: PlanActions;
  /** The basemap of the review's map (docs/maps.md). */
  tiles: MapTiles;
  today: string;
  tomorrow: string;
}) {
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(tomorrow);
  const [planId, setPlanId] = useState<string | null>(null);
  const [review, setReview] = useState<PoolPlanReview | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  // Polls the plan while the worker plans it.
  useEffect(() => {
    if (!planId || (review && review.status !== "PLANNING")) return;
    const timer = setTimeout(async () => {
      const result = await actions.review(planId);
      if (result.ok) setReview(result.data);
      else setMessage(result.message);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [actions, planId, review]);

  const plan = (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setReview(null);
    startTransition(async () => {
      const result = await actions.ask({ from, to });
      if (result.ok) setPlanId(result.data);
      else setMessage(result.message);
    });
  };
  const planning = planId !== null && (review === null || review.status === "PLANNING");

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardBody>
          <HydratedForm onSubmit={plan} className="flex flex-wrap items-end gap-4">
            <div>
              <Label htmlFor="plan-from">From</Label>
              <Input id="plan-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div>
              <Label htmlFor="plan-to">To</Label>
              <Input id="plan-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </div>
            <Button type="submit" disabled={pending || planning}>
              Plan the pool
            </Button>
          </HydratedForm>
        </CardBody>
      </Card>
      {message ? <Alert tone="danger">{message}</Alert> : null}
      {planning ? <PlanningProgress progress={review?.progress ?? 0} /> : null}
      {review?.status === "FAILED" ? (
        <Alert tone="danger" title="The plan could not be made">
          Plan the pool again; if it fails again, the worker&apos;s log says why.
        </Alert>
      ) : null}
      {review?.body && !planning ? (
        <>
          <PlanReview
            review={review}
            body={review.body}
            actions={actions}
            tiles={tiles}
            onChange={setReview}
          />
          <ManualComparison planId={review.id} body={review.body} actions={actions} />
        </>
      ) : null}
    </div>
  );
}

function PlanningProgress({ progress }: { progress: number }) {
  return (
    <Card>
      <CardBody>
        <p id="planning-label" className="text-sm font-medium text-slate-800">
          Planning the pool… {progress}%
        </p>
        <div
          role="progressbar"
          aria-labelledby="planning-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-blue-600 transition-all" style={{ width: `${progress}%` }} />
        </div>
      </CardBody>
    </Card>
  );
}
