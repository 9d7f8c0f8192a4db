"use client";
// A site picker (dealerships and prep centres apart) and the chosen site's address and clock.
import type { ComponentProps } from "react";
import { MapPinIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import type { WizardSite } from "@/lib/movement-requests/wizard/wizard-options";
import { useWizardOptions } from "./wizard-context";
import { dateTimeFormat } from "@/lib/intl-formats";

export function SiteSelect(props: ComponentProps<"select">) {
  const { options } = useWizardOptions();
  const dealerships = options.sites.filter((site) => !site.isPrepSite);
  const prepCentres = options.sites.filter((site) => site.isPrepSite);
  const option = (site: WizardSite) => (
    <option key={site.id} value={site.id}>
      {site.name} ({site.code})
    </option>
  );
  return (
    <Select {...props}>
      <option value="">Choose a site…</option>
      {dealerships.length > 0 ? <optgroup label="Dealerships">{dealerships.map(option)}</optgroup> : null}
      {prepCentres.length > 0 ? <optgroup label="Prep centres">{prepCentres.map(option)}</optgroup> : null}
    </Select>
  );
}

export function SiteSummary({ site, now }: { site: WizardSite | undefined; now: Date }) {
  if (!site) return null;
  const timeZone = resolveSiteTimeZone(site);
  const localTime = timeZone
    ? dateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone }).format(now)
    : null;
  return (
    <p className="mt-2 flex items-start gap-2 text-sm text-slate-600">
      <MapPinIcon className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span>
        {site.city}, {site.postcode} · {site.countryCode}
        {" · "}
        {localTime ? (
          <>
            local time <span className="font-medium text-slate-800">{localTime}</span> ({timeZone})
          </>
        ) : (
          <>time zone unknown ({site.countryCode} has several)</>
        )}
      </span>
    </p>
  );
}
