"use client";
// The review's map of a plan (docs/planning.md): each own driver's chain in a colour of its own (solid
// while moving a vehicle, dashed on their own: from home, between moves, home again), the 3PLs'
// requests as thin grey lines, the sites as dots (names as titles), and an HTML legend. Drawn again
// whenever the review is replaced (a move, a lock, a re-plan); fitted again when its sites change.
import type * as Leaflet from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import { MAP_CONTAINER, useLeafletMap } from "@/components/maps/use-leaflet-map";
import { cn } from "@/components/ui/cn";
import type { MapTiles } from "@/lib/maps/map-tiles";
import type { PlanBody } from "@/lib/planning/model";
import { chainLegs, type ChainLeg, type PlanMapData } from "@/lib/planning/plan-map";

/** Okabe and Ito's colour-blind-safe palette (its yellow left out: too pale on the basemap). */
const DRIVER_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"];
const THIRD_PARTY_COLOUR = "#94a3b8";
const EMPTY_DASHES = "6 8";

/**
 * An empty leg bows to its left: a move there and the way back (the same two sites) stay apart, and the
 * dashes show beside the solid line.
 */
function arc(a: Leaflet.LatLngTuple, b: Leaflet.LatLngTuple): Leaflet.LatLngTuple[] {
  const bow = 0.15;
  const control: Leaflet.LatLngTuple = [
    (a[0] + b[0]) / 2 + (b[1] - a[1]) * bow,
    (a[1] + b[1]) / 2 - (b[0] - a[0]) * bow,
  ];
  return Array.from({ length: 13 }, (_, step) => {
    const t = step / 12;
    const [u, v, w] = [(1 - t) ** 2, 2 * (1 - t) * t, t ** 2];
    return [u * a[0] + v * control[0] + w * b[0], u * a[1] + v * control[1] + w * b[1]];
  });
}

type DriverChain = { driverId: string; name: string; colour: string; legs: ChainLeg[] };

export function PlanMap({
  body,
  data,
  driverNames,
  tiles,
}: {
  body: PlanBody;
  data: PlanMapData;
  driverNames: Record<string, string>;
  tiles: MapTiles;
}) {
  const container = useRef<HTMLDivElement>(null);
  const kit = useLeafletMap(container, tiles, { scrollWheelZoom: false });
  const chains = useMemo<DriverChain[]>(
    () =>
      body.drivers.map((chain, index) => ({
        driverId: chain.driverId,
        name: driverNames[chain.driverId] ?? chain.driverId,
        colour: DRIVER_COLOURS[index % DRIVER_COLOURS.length]!,
        legs: chainLegs(chain.moves, data.lanes, data.homes[chain.driverId]),
      })),
    [body, data, driverNames],
  );
  const thirdParty = useMemo(
    () =>
      body.thirdParty.flatMap((entry) => {
        const lane = data.lanes[entry.requestId];
        return lane ? [lane] : [];
      }),
    [body, data],
  );
  // The sets of sites the map was fitted to: a move within them keeps the dispatcher's view.
  const fitted = useRef<string | null>(null);

  useEffect(() => {
    if (!kit) return;
    const { L, map } = kit;
    const layer = L.layerGroup().addTo(map);
    const at = (siteId: string): Leaflet.LatLngTuple | null => {
      const site = data.sites[siteId];
      return site ? [site.latitude, site.longitude] : null;
    };
    const shown = new Set<string>();
    const line = (
      ends: { from: string; to: string }[],
      options: Leaflet.PolylineOptions,
      shape: (a: Leaflet.LatLngTuple, b: Leaflet.LatLngTuple) => Leaflet.LatLngTuple[] = (a, b) => [a, b],
    ) => {
      if (ends.length === 0) return;
      const parts = ends.flatMap(({ from, to }) => {
        const [a, b] = [at(from), at(to)];
        return a && b ? [shape(a, b)] : [];
      });
      for (const end of ends) shown.add(end.from).add(end.to);
      // One path per driver and style, even when its legs are apart.
      L.polyline(parts, { interactive: false, ...options }).addTo(layer);
    };
    line(
      thirdParty.map((lane) => ({ from: lane.originSiteId, to: lane.destinationSiteId })),
      { className: "plan-third-party", color: THIRD_PARTY_COLOUR, weight: 1.5, opacity: 0.9 },
    );
    for (const chain of chains) {
      const legs = (loaded: boolean) =>
        chain.legs
          .filter((leg) => leg.loaded === loaded)
          .map((leg) => ({ from: leg.fromSiteId, to: leg.toSiteId }));
      const style = { color: chain.colour, weight: 3.5, opacity: 0.9 };
      line(
        legs(false),
        { ...style, className: "plan-chain-empty", dashArray: EMPTY_DASHES, weight: 2.5 },
        arc,
      );
      line(legs(true), { ...style, className: "plan-chain" });
    }
    const homes = new Set(chains.map((chain) => data.homes[chain.driverId]?.siteId));
    for (const siteId of shown) {
      const site = data.sites[siteId];
      if (!site) continue;
      const home = homes.has(siteId);
      L.marker([site.latitude, site.longitude], {
        keyboard: false,
        title: home ? `${site.name} (a driver's home)` : site.name,
        icon: L.divIcon({
          className: "",
          html: `<span class="block size-3 rounded-full border-2 ${home ? "border-slate-900 bg-white" : "border-white bg-slate-900"} shadow"></span>`,
          iconSize: [12, 12],
        }),
      }).addTo(layer);
    }
    const key = [...shown].sort().join(",");
    if (fitted.current !== key && shown.size > 0) {
      fitted.current = key;
      const points = [...shown].flatMap((siteId) => {
        const point = at(siteId);
        return point ? [point] : [];
      });
      map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 11 });
    }
    return () => {
      layer.remove();
    };
  }, [kit, chains, thirdParty, data]);

  return (
    <div className="flex flex-col gap-3">
      <div
        ref={container}
        data-testid="plan-map"
        className={cn(MAP_CONTAINER, "h-80 rounded-md sm:h-[28rem]")}
      />
      <PlanMapLegend chains={chains} thirdParty={thirdParty.length > 0} />
    </div>
  );
}

function PlanMapLegend({ chains, thirdParty }: { chains: DriverChain[]; thirdParty: boolean }) {
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      <ul
        aria-label="Drivers on the map"
        data-testid="plan-map-legend"
        className="flex flex-wrap gap-x-5 gap-y-1"
      >
        {chains.map((chain) => (
          <li key={chain.driverId} className="flex items-center gap-2">
            <LineSample colour={chain.colour} />
            {chain.name}
          </li>
        ))}
      </ul>
      <ul aria-label="Map legend" className="flex flex-wrap gap-x-5 gap-y-1 text-slate-600">
        <li className="flex items-center gap-2">
          <LineSample colour="#334155" style="solid" />
          Moving a vehicle
        </li>
        <li className="flex items-center gap-2">
          <LineSample colour="#334155" style="dashed" />
          On their own: from home, to the next collection, home
        </li>
        {thirdParty ? (
          <li className="flex items-center gap-2">
            <LineSample colour={THIRD_PARTY_COLOUR} style="thin" />A 3PL&apos;s request
          </li>
        ) : null}
        <li className="flex items-center gap-2">
          <span
            aria-hidden
            className="inline-block size-3 rounded-full border-2 border-white bg-slate-900 shadow"
          />
          Site
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden className="inline-block size-3 rounded-full border-2 border-slate-900 bg-white" />
          Driver&apos;s home
        </li>
      </ul>
    </div>
  );
}

const LINE_STYLES = {
  solid: { strokeWidth: 3.5 },
  dashed: { strokeWidth: 2.5, strokeDasharray: "4 4" },
  thin: { strokeWidth: 1.5 },
} as const;

/** A sample of a line style; a driver's is both of theirs side by side (solid, then dashed). */
function LineSample({ colour, style }: { colour: string; style?: keyof typeof LINE_STYLES }) {
  return (
    <svg aria-hidden width="44" height="10" className="shrink-0">
      {style ? (
        <line x1="1" y1="5" x2="43" y2="5" stroke={colour} {...LINE_STYLES[style]} />
      ) : (
        <>
          <line x1="1" y1="5" x2="17" y2="5" stroke={colour} {...LINE_STYLES.solid} />
          <line x1="23" y1="5" x2="43" y2="5" stroke={colour} {...LINE_STYLES.dashed} />
        </>
      )}
    </svg>
  );
}
