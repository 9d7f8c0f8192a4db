// /board/plan — "Plan the pool" (docs/planning.md): the worker plans the days asked for, the dispatcher
// reviews the proposal and accepts it, all or a part. Dispatchers and admins.
import type { Metadata } from "next";
import { PlanThePool } from "@/components/planning/plan-the-pool";
import type { PlanActions } from "@/components/planning/plan-actions";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { toDateOnly } from "@/lib/dates";
import { env } from "@/lib/env";
import { mapTilesOf } from "@/lib/maps/map-tiles";
import {
  acceptPoolPlanAction,
  askForPoolPlanAction,
  lockPlanRequestAction,
  manualPlanAction,
  movePlanRequestAction,
  poolPlanReviewAction,
  replanAction,
} from "./actions";

export const metadata: Metadata = { title: "Plan the pool" };

const planActions = {
  ask: askForPoolPlanAction,
  review: poolPlanReviewAction,
  move: movePlanRequestAction,
  lock: lockPlanRequestAction,
  replan: replanAction,
  accept: acceptPoolPlanAction,
  manual: manualPlanAction,
} satisfies PlanActions;

export default async function PlanThePoolPage() {
  await requireStaff(rolesWith("dispatch"));
  const now = new Date();
  return (
    <>
      <PageHeader
        eyebrow="Movement board"
        title="Plan the pool"
        description="Propose who carries each pooled request, own drivers or 3PLs, at what cost and how late; then accept all of it or a part."
      />
      <PlanThePool
        actions={planActions}
        tiles={mapTilesOf(env().MAP_TILES_URL)}
        today={toDateOnly(now)}
        tomorrow={toDateOnly(new Date(now.getTime() + 86_400_000))}
      />
    </>
  );
}
