"use client";
// The board's Map view (docs/maps.md): the organisation's sites, its movements as lanes (a line per
// origin → destination, thicker with more movements) and the vehicles on the road at their last
// position, clustered when they crowd. The board's filters and saved views apply (the same URL). A
// vehicle's click (or Enter) opens the detail panel. Vehicles move live: the positions' stream wakes
// the map, which reads its data again; the board's own stream refreshes it with the table.
import type * as Leaflet from "leaflet";
import Supercluster from "supercluster";
import { useEffect, useRef, useState } from "react";
import type { BoardMap, MapSite } from "@/lib/maps/board-map";
import { cn } from "@/components/ui/cn";
import type { MapTiles } from "@/lib/maps/map-tiles";
import { boardQueryToSearchParams, type BoardQuery } from "@/lib/movement-requests/board/board-query";
import { MAP_CONTAINER, useLeafletMap, type LeafletKit } from "./use-leaflet-map";
import { usePositionReports } from "./use-position-reports";

type VehicleProperties = { id: string; vrm: string | null };

export function BoardMapView({
  query,
  tiles,
  refreshKey,
  onOpen,
}: {
  query: BoardQuery;
  tiles: MapTiles;
  /** Changes when the board's data does (a live refresh): the map reads its data again. */
  refreshKey: unknown;
  onOpen: (requestId: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const kit = useLeafletMap(container, tiles);
  const [data, setData] = useState<BoardMap | null>(null);
  const [failed, setFailed] = useState(false);
  const search = boardQueryToSearchParams(query, { omitPage: true }).toString();

  const reported = usePositionReports();

  useEffect(() => {
    let stale = false;
    void fetch(`/api/board/map${search ? `?${search}` : ""}`, { cache: "no-store" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const map = (await response.json()) as BoardMap;
        if (stale) return;
        setData(map);
        setFailed(false);
      })
      // Keep what is drawn; the next change tries again.
      .catch(() => !stale && setFailed(true));
    return () => {
      stale = true;
    };
  }, [search, refreshKey, reported]);

  useMapLayers(kit, data, search, onOpen);

  const vehicles = data?.vehicles.length ?? 0;
  return (
    <section aria-label="Map of movements" className="space-y-2">
      <div
        ref={container}
        data-testid="board-map"
        data-vehicles={vehicles}
        className={cn(MAP_CONTAINER, "h-[60vh] min-h-80 rounded-lg")}
      />
      <Legend />
      <p role="status" className="text-sm text-slate-600">
        {failed
          ? "The map could not be refreshed; it tries again with the next change."
          : data && data.lanes.length === 0 && vehicles === 0
            ? "No open movement matches these filters: the map shows open movements only."
            : data
              ? `${count(
                  data.lanes.reduce((sum, lane) => sum + lane[2], 0),
                  "movement",
                )} on ${count(data.lanes.length, "lane")}; ${count(vehicles, "vehicle")} on the road with a position${data.vehiclesTruncated ? " (the newest shown)" : ""}.`
              : "Loading the map…"}
      </p>
    </section>
  );
}

/** Draws the data: sites and lanes once per answer, the vehicles' clusters on every move of the map. */
function useMapLayers(
  kit: LeafletKit | null,
  data: BoardMap | null,
  search: string,
  onOpen: (id: string) => void,
) {
  // The filter the map was last fitted to: a new filter fits again, a live refresh keeps the view.
  const fitted = useRef<string | null>(null);
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  });

  useEffect(() => {
    if (!kit || !data) return;
    const { L, map } = kit;
    const layer = L.layerGroup().addTo(map);
    drawLanes(L, layer, data);
    drawSites(L, layer, data.sites);
    const vehicles = L.layerGroup().addTo(map);
    const index = new Supercluster<VehicleProperties>({ radius: 48, maxZoom: 14 }).load(
      data.vehicles.map(([id, latitude, longitude, vrm]) => ({
        type: "Feature",
        geometry: { type: "Point", coordinates: [longitude, latitude] },
        properties: { id, vrm },
      })),
    );
    const drawVehicles = () => {
      vehicles.clearLayers();
      const bounds = map.getBounds();
      const box: [number, number, number, number] = [
        Math.max(-180, bounds.getWest()),
        Math.max(-85, bounds.getSouth()),
        Math.min(180, bounds.getEast()),
        Math.min(85, bounds.getNorth()),
      ];
      for (const point of index.getClusters(box, Math.round(map.getZoom()))) {
        const [longitude, latitude] = point.geometry.coordinates as [number, number];
        const properties = point.properties;
        if ("cluster" in properties && properties.cluster) {
          const clusterId = properties.cluster_id;
          const name = `${properties.point_count} vehicles: zoom in`;
          L.marker([latitude, longitude], {
            keyboard: true,
            title: name,
            icon: L.divIcon({
              className: "",
              html: `<span class="flex size-9 items-center justify-center rounded-full border-2 border-white bg-blue-700 text-sm font-semibold text-white shadow">${properties.point_count}</span>`,
              iconSize: [36, 36],
            }),
          })
            .on("click", () => map.flyTo([latitude, longitude], index.getClusterExpansionZoom(clusterId)))
            .addTo(vehicles)
            // Its text is the bare count: the name a screen reader says is the whole sentence.
            .getElement()
            ?.setAttribute("aria-label", name);
        } else {
          const vehicle = properties as VehicleProperties;
          L.marker([latitude, longitude], {
            keyboard: true,
            title: `${vehicle.vrm ?? "Vehicle"} — open its details`,
            icon: vehicleIcon(L),
          })
            .on("click", () => open.current(vehicle.id))
            .addTo(vehicles)
            .getElement()
            ?.setAttribute("data-request-id", vehicle.id);
        }
      }
    };
    drawVehicles();
    map.on("moveend", drawVehicles);
    if (fitted.current !== search) {
      fitted.current = search;
      // What the filter found: its lanes' ends and its vehicles; the sites when it found nothing.
      const ends = data.lanes
        .flatMap(([from, to]) => [data.sites[from], data.sites[to]])
        .flatMap((site) => (site ? [L.latLng(site[3], site[4])] : []));
      const points = [
        ...ends,
        ...data.vehicles.map(([, latitude, longitude]) => L.latLng(latitude, longitude)),
      ];
      const shown = points.length ? points : data.sites.map((site) => L.latLng(site[3], site[4]));
      if (shown.length) map.fitBounds(L.latLngBounds(shown), { padding: [24, 24], maxZoom: 12 });
    }
    return () => {
      map.off("moveend", drawVehicles);
      layer.remove();
      vehicles.remove();
    };
  }, [kit, data, search]);
}

function drawLanes(L: typeof Leaflet, layer: Leaflet.LayerGroup, data: BoardMap) {
  for (const [from, to, count] of data.lanes) {
    const origin = data.sites[from];
    const destination = data.sites[to];
    if (!origin || !destination || from === to) continue;
    L.polyline(
      [
        [origin[3], origin[4]],
        [destination[3], destination[4]],
      ],
      { color: "#2563eb", opacity: 0.55, weight: Math.min(2 + Math.log2(count) * 1.5, 12) },
    )
      .bindTooltip(`${origin[1]} → ${destination[1]}: ${count.toLocaleString("en-GB")} open`, {
        sticky: true,
      })
      .addTo(layer);
  }
}

function drawSites(L: typeof Leaflet, layer: Leaflet.LayerGroup, sites: MapSite[]) {
  for (const [, code, name, latitude, longitude, isPrepSite] of sites) {
    L.circleMarker([latitude, longitude], {
      radius: 6,
      color: "#ffffff",
      weight: 2,
      fillColor: isPrepSite ? "#7c3aed" : "#0f172a",
      fillOpacity: 1,
    })
      .bindTooltip(`${code} — ${name}${isPrepSite ? " (prep site)" : ""}`)
      .addTo(layer);
  }
}

export function vehicleIcon(L: typeof Leaflet): Leaflet.DivIcon {
  return L.divIcon({
    className: "",
    html: '<span class="block size-4 rounded-full border-[3px] border-white bg-amber-500 shadow ring-1 ring-amber-700"></span>',
    iconSize: [16, 16],
  });
}

const count = (n: number, noun: string) => `${n.toLocaleString("en-GB")} ${noun}${n === 1 ? "" : "s"}`;

function Legend() {
  const dot = (colour: string, label: string) => (
    <li className="flex items-center gap-1.5">
      <span aria-hidden className={`inline-block size-3 rounded-full ring-2 ring-white ${colour}`} />
      {label}
    </li>
  );
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {dot("bg-slate-900", "Site")}
      {dot("bg-violet-600", "Prep site")}
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="inline-block h-1 w-5 rounded bg-blue-600/60" />
        Open movements (thicker: more)
      </li>
      {dot("bg-amber-500", "Vehicle on the road")}
      {dot("bg-blue-700", "Several vehicles: click to zoom")}
    </ul>
  );
}
