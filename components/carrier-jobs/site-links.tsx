"use client";
// Under each address of the job: directions in the phone's own maps app, and the site's number to call.
// Big targets for a thumb; plain links, so they work offline from the cached page too.
import { useSyncExternalStore } from "react";
import { directionsUrl, mapsPlatformOf, telUrl, type MapsPlatform } from "@/lib/carrier-jobs/directions";
import type { JobSite } from "@/lib/carrier-jobs/schemas";

const LINK =
  "inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 font-medium text-blue-800 underline-offset-2 hover:underline";

/** The server renders the geo: link; an Apple phone swaps in Apple Maps' once hydrated. */
function useMapsPlatform(): MapsPlatform {
  return useSyncExternalStore(
    () => () => undefined,
    () => mapsPlatformOf(navigator.userAgent, navigator.maxTouchPoints),
    () => "other",
  );
}

export function SiteLinks({ site }: { site: JobSite }) {
  const platform = useMapsPlatform();
  return (
    <dd className="mt-3 flex flex-wrap gap-2">
      <a className={LINK} href={directionsUrl(site, platform)} aria-label={`Directions to ${site.name}`}>
        Directions
      </a>
      {site.phone ? (
        <a className={LINK} href={telUrl(site.phone)} aria-label={`Call ${site.phone} (${site.name})`}>
          Call {site.phone}
        </a>
      ) : null}
    </dd>
  );
}
