"use client";
// One request in full: the actions its status allows, every field, its legs, the audit trail, and the
// timeline of events with their webhook deliveries. Beside the table from 1536 px, over it on laptops
// and tablets, and a full-screen sheet (a modal dialog) on phones. Escape closes it.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CloseIcon } from "@/components/ui/icons";
import { Sheet } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import type { BoardDetail } from "@/lib/movement-requests/board/get-board-detail";
import type { BoardActions } from "./board-actions";
import { DetailActions } from "./detail-actions";
import { DetailFields } from "./detail-fields";
import { DetailJobLinks } from "./detail-job-links";
import { DetailProofs } from "@/components/proofs/detail-proofs";
import { DetailMarketplace } from "@/components/marketplace/detail-marketplace";
import { AuditTrail, Timeline } from "./detail-history";
import { DetailLegs } from "./detail-legs";
import { DetailSection } from "./detail-section";
import { MovementMapCard } from "@/components/maps/movement-map";
import type { MapTiles } from "@/lib/maps/map-tiles";
import { makeModel, vehicleName } from "./format";
import { DeadlineBadge, StatusBadge } from "./status-badge";

type DetailPanelProps = {
  detail: BoardDetail | null;
  /** Another request is being opened: show its shape, not the previous one's data. */
  loading: boolean;
  drivers: BoardOptions["drivers"];
  canDispatch: boolean;
  /** The page's server actions, for the actions section. */
  actions: BoardActions;
  today: string;
  onClose: () => void;
  /** Below 768 px: a full-screen sheet. */
  phone: boolean;
  /** The small map's basemap. */
  mapTiles: MapTiles;
};

export function DetailPanel(props: DetailPanelProps) {
  const { detail, loading, today, onClose } = props;
  const ready = !loading && detail ? detail : null;
  if (props.phone) {
    return (
      <Sheet
        open
        onClose={onClose}
        closeLabel="Close details"
        title={ready ? <VehicleTitle detail={ready} /> : "Loading the movement…"}
      >
        {ready ? (
          <div className="space-y-5">
            <Summary detail={ready} today={today} />
            <DetailBody {...props} detail={ready} />
          </div>
        ) : (
          <Skeletons />
        )}
      </Sheet>
    );
  }
  return <SidePanel {...props} />;
}

function SidePanel(props: DetailPanelProps) {
  const { detail, loading, today, onClose } = props;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownId = detail?.row.id;

  // Focus moves to the panel when a request opens in it (not on live refreshes of the same one).
  useEffect(() => {
    if (shownId && !loading) heading.current?.focus({ preventScroll: true });
  }, [shownId, loading]);

  const ready = !loading && detail ? detail : null;
  return (
    <aside
      aria-labelledby={headingId}
      aria-busy={loading || undefined}
      className={cn(
        "fixed top-14 right-0 bottom-0 z-30 flex w-[min(38rem,100vw)] flex-col border-l border-slate-200 bg-white shadow-2xl",
        "2xl:sticky 2xl:top-[4.5rem] 2xl:z-20 2xl:h-[calc(100vh-5.5rem)] 2xl:w-auto 2xl:rounded-lg 2xl:border 2xl:shadow-sm",
      )}
    >
      <header className="flex items-start gap-3 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900 outline-none"
          >
            {ready ? <VehicleTitle detail={ready} /> : <span className="sr-only">Loading the movement…</span>}
          </h2>
          {ready ? <Summary detail={ready} today={today} /> : <HeaderSkeleton />}
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close details" title="Close (Esc)">
          <CloseIcon className="size-5" />
        </Button>
      </header>
      <div className="flex-1 overflow-y-auto px-4 py-4">
        {ready ? (
          <div className="space-y-5">
            <DetailBody {...props} detail={ready} />
          </div>
        ) : (
          <Skeletons />
        )}
      </div>
    </aside>
  );
}

function VehicleTitle({ detail }: { detail: BoardDetail }) {
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-2">
      <span className="rounded-[3px] bg-amber-100 px-1.5 font-mono tracking-wide ring-1 ring-amber-400/70 ring-inset">
        {vehicleName(detail.row.vehicle)}
      </span>
      <span className="truncate text-base font-medium text-slate-700">{makeModel(detail.row.vehicle)}</span>
    </span>
  );
}

function Summary({ detail, today }: { detail: BoardDetail; today: string }) {
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <StatusBadge status={detail.row.status} />
      <DeadlineBadge row={detail.row} today={today} />
      <span>
        {detail.row.origin.name} → {detail.row.destination.name}
      </span>
    </div>
  );
}

function DetailBody({
  detail,
  drivers,
  canDispatch,
  actions,
  today,
  mapTiles,
}: DetailPanelProps & { detail: BoardDetail }): ReactNode {
  return (
    <>
      {canDispatch ? (
        <DetailSection title="Actions">
          <DetailActions
            key={detail.row.id}
            detail={detail}
            drivers={drivers}
            today={today}
            actions={actions}
          />
        </DetailSection>
      ) : null}
      {canDispatch ? (
        <DetailJobLinks
          key={detail.row.id}
          requestId={detail.row.id}
          version={`${detail.row.status}:${detail.legs.map((leg) => leg.status).join(",")}`}
          actions={actions}
        />
      ) : null}
      {canDispatch ? (
        <DetailMarketplace
          key={`marketplace-${detail.row.id}`}
          requestId={detail.row.id}
          version={`${detail.row.status}:${detail.row.updatedAt}`}
          actions={actions}
        />
      ) : null}
      <DetailSection title="Map">
        <MovementMapCard
          key={`map-${detail.row.id}`}
          requestId={detail.row.id}
          version={`${detail.row.updatedAt}:${detail.legs.map((leg) => leg.status).join(",")}`}
          tiles={mapTiles}
        />
      </DetailSection>
      <DetailFields detail={detail} today={today} />
      <DetailProofs
        key={`proofs-${detail.row.id}`}
        requestId={detail.row.id}
        version={detail.legs.map((leg) => leg.status).join(",")}
        actions={actions}
      />
      <DetailLegs legs={detail.legs} today={today} />
      <AuditTrail detail={detail} />
      <Timeline events={detail.events} />
    </>
  );
}

function HeaderSkeleton() {
  return (
    <div className="space-y-2">
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-4 w-72 max-w-full" />
    </div>
  );
}

function Skeletons() {
  return (
    <div className="space-y-3">
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} className="h-5 w-full" />
      ))}
    </div>
  );
}
