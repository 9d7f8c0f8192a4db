"use client";
// The site settings' pin: an admin picks a site, then clicks the map or drags the pin to where the site
// is (or types the coordinates), and saves. Checked by the same schema in the browser and on the server.
import type * as Leaflet from "leaflet";
import { useEffect, useRef, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { ActionResult } from "@/lib/http/action-result";
import type { PinnedSite } from "@/lib/infrastructure/site-pin";
import { sitePinInput } from "@/lib/infrastructure/site-pin-schema";
import { cn } from "@/components/ui/cn";
import type { MapTiles } from "@/lib/maps/map-tiles";
import { MAP_CONTAINER, useLeafletMap } from "./use-leaflet-map";

type Props = {
  sites: PinnedSite[];
  tiles: MapTiles;
  saveAction: (input: unknown) => Promise<ActionResult<PinnedSite>>;
};

/** Six decimals: about 10 cm, more than a pin dropped by hand can mean. */
const fixed = (value: number) => String(Math.round(value * 1e6) / 1e6);

export function SitePinEditor({ sites: initialSites, tiles, saveAction }: Props) {
  const [sites, setSites] = useState(initialSites);
  const [siteId, setSiteId] = useState(initialSites[0]?.id ?? "");
  const site = sites.find((candidate) => candidate.id === siteId);
  const [latitude, setLatitude] = useState(site ? fixed(site.latitude) : "");
  const [longitude, setLongitude] = useState(site ? fixed(site.longitude) : "");
  const [phone, setPhone] = useState(site?.phone ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const container = useRef<HTMLDivElement>(null);
  const kit = useLeafletMap(container, tiles);
  const pin = useRef<Leaflet.Marker | null>(null);

  const place = (lat: number, lng: number) => {
    setLatitude(fixed(lat));
    setLongitude(fixed(lng));
    setOutcome(null);
  };

  // The pin of the chosen site, draggable; a click on the map moves it there.
  useEffect(() => {
    if (!kit || !site) return;
    const { L, map } = kit;
    const marker = L.marker([site.latitude, site.longitude], {
      draggable: true,
      keyboard: true,
      title: `${site.name}: drag to move`,
      icon: L.divIcon({
        className: "",
        html: '<span class="block size-6 -translate-y-2 rounded-full border-4 border-white bg-rose-600 shadow-lg ring-1 ring-rose-900"></span>',
        iconSize: [24, 24],
      }),
    }).addTo(map);
    marker.getElement()?.setAttribute("data-testid", "site-pin");
    marker.on("dragend", () => {
      const at = marker.getLatLng();
      place(at.lat, at.lng);
    });
    const onClick = (event: Leaflet.LeafletMouseEvent) => {
      marker.setLatLng(event.latlng);
      place(event.latlng.lat, event.latlng.lng);
    };
    map.on("click", onClick);
    const others = L.layerGroup(
      sites
        .filter((other) => other.id !== site.id)
        .map((other) =>
          L.circleMarker([other.latitude, other.longitude], {
            radius: 5,
            color: "#ffffff",
            weight: 2,
            fillColor: "#64748b",
            fillOpacity: 1,
          }).bindTooltip(`${other.code} — ${other.name}`),
        ),
    ).addTo(map);
    // Street tiles allow a close look; on the outlines, a region with the neighbouring sites.
    map.setView([site.latitude, site.longitude], tiles.kind === "bundled" ? 9 : 15);
    pin.current = marker;
    return () => {
      map.off("click", onClick);
      marker.remove();
      others.remove();
      pin.current = null;
    };
  }, [kit, site, sites, tiles.kind]);

  // Typed coordinates move the pin too.
  useEffect(() => {
    const parsed = sitePinInput.safeParse({ siteId, latitude, longitude });
    if (parsed.success) pin.current?.setLatLng([parsed.data.latitude, parsed.data.longitude]);
  }, [siteId, latitude, longitude]);

  const choose = (id: string) => {
    const next = sites.find((candidate) => candidate.id === id);
    setSiteId(id);
    setErrors({});
    setOutcome(null);
    if (next) place(next.latitude, next.longitude);
    setPhone(next?.phone ?? "");
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sitePinInput.safeParse({ siteId, latitude, longitude, phone });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    startTransition(async () => {
      const result = await saveAction(parsed.data);
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        return setOutcome({ ok: false, message: result.message });
      }
      setSites((all) => all.map((candidate) => (candidate.id === result.data.id ? result.data : candidate)));
      setOutcome({
        ok: true,
        message: `Saved: ${result.data.name}'s pin is on every map, and its number on its job pages, from now on.`,
      });
    });
  };

  return (
    // Phones: the site, the map, then the coordinates and Save; wide screens: the form beside the map.
    <HydratedForm
      onSubmit={save}
      className="grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]"
      noValidate
    >
      <div className="space-y-4">
        <div>
          <Label htmlFor="pin-site">Site</Label>
          <Select
            id="pin-site"
            className="mt-1.5 w-full"
            value={siteId}
            onChange={(event) => choose(event.target.value)}
          >
            {sites.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.code} — {candidate.name}, {candidate.city}
              </option>
            ))}
          </Select>
        </div>
        <p className="text-sm text-slate-700">
          Click the map or drag the pin to where the site is. The grey dots are your other sites.
          {tiles.kind === "bundled"
            ? " This map shows country outlines only (no streets): type the coordinates for a precise pin, or set MAP_TILES_URL to your own street tiles."
            : null}
        </p>
      </div>
      <div
        ref={container}
        data-testid="site-pin-map"
        className={cn(
          MAP_CONTAINER,
          "h-[55vh] min-h-72 rounded-lg lg:col-start-2 lg:row-span-2 lg:row-start-1",
        )}
      />
      <div className="space-y-4 self-start">
        {(
          [
            ["latitude", "Latitude", latitude, setLatitude],
            ["longitude", "Longitude", longitude, setLongitude],
          ] as const
        ).map(([name, label, value, onChange]) => (
          <CoordinateField key={name} {...{ name, label, value, onChange }} error={errors[name]} />
        ))}
        <div>
          <Label htmlFor="pin-phone">Phone number at the site</Label>
          <Input
            id="pin-phone"
            type="tel"
            autoComplete="off"
            className="mt-1.5 font-mono"
            placeholder="+441612345678"
            value={phone}
            onChange={(event) => {
              setPhone(event.target.value);
              setOutcome(null);
            }}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? "pin-phone-error" : "pin-phone-hint"}
          />
          <p id="pin-phone-hint" className="mt-1 text-sm text-slate-600">
            Drivers call it from their job page. Empty: they get the dispatch desk number.
          </p>
          <FieldError id="pin-phone-error">{errors.phone}</FieldError>
        </div>
        <div role="status" className="empty:hidden">
          {outcome ? <Alert tone={outcome.ok ? "success" : "danger"}>{outcome.message}</Alert> : null}
        </div>
        <Button type="submit" disabled={pending || !site}>
          {pending ? "Saving…" : "Save the pin"}
        </Button>
      </div>
    </HydratedForm>
  );
}

function CoordinateField(props: {
  name: "latitude" | "longitude";
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const id = `pin-${props.name}`;
  return (
    <div>
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        inputMode="decimal"
        className="mt-1.5 font-mono"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`}>{props.error}</FieldError>
    </div>
  );
}
