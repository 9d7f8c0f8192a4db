// The first visit of a job link loads its page, scripts and styles before the service worker controls
// it, so the worker never saw them, and an offline reopen found only the manifest and the icon (issue
// #35 §5). Once the worker is ready, the page puts into the worker's cache what it loaded itself: the
// page and every same-origin script and stylesheet. Fetched again (so that each copy is a whole
// response with its own headers, CSP nonce included), through the worker now in control.
import { JOB_CACHE } from "@/lib/carrier-jobs/job-cache";

/** Registers the job pages' service worker (scope /jobs/), then fills its cache. Never throws. */
export async function installJobApp(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("/jobs/sw.js", { scope: "/jobs/" });
    await navigator.serviceWorker.ready;
    await keepForOffline();
  } catch {
    // No worker (private browsing, an old phone): the page works online as before.
  }
}

async function keepForOffline(): Promise<void> {
  if (!("caches" in window)) return;
  const loaded = performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && /\.(js|css)$/.test(url.pathname))
    .map((url) => url.href);
  const cache = await caches.open(JOB_CACHE);
  await Promise.all(
    [location.href, ...loaded].map(async (url) => {
      const response = await fetch(url, { cache: "no-store" });
      if (response.ok) await cache.put(url, response);
    }),
  );
}
