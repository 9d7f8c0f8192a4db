// What makes a job page installable and open without a signal: a web manifest per link (it opens
// that job) and a service worker scoped to /jobs/. The worker answers every GET of a page it controls
// network first and keeps the last copy, the copy when offline: the page, its scripts and styles, and
// the job's view (so a reopened page shows the job as last seen). The first visit's page and chunks
// load before the worker controls it, so the page puts those in the same cache itself
// (components/carrier-jobs/keep-for-offline.ts). Writes (actions, proofs, positions) are POSTs, never
// cached: they go through the page's own queues, with their keys.
import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";
import { LINK_TOKEN_PATTERN } from "@/lib/security/link-token";
import { JOB_CACHE } from "@/lib/carrier-jobs/job-cache";

export function jobManifestResponse(token: string): Response {
  if (!LINK_TOKEN_PATTERN.test(token)) return problemResponse(new AppError("NOT_FOUND", "No such job."));
  const manifest = {
    name: "Vehicle movement job",
    short_name: "Job",
    start_url: `/jobs/${token}`,
    scope: "/jobs/",
    display: "standalone",
    background_color: "#f8fafc",
    theme_color: "#1d4ed8",
    icons: [
      { src: "/icon.svg", type: "image/svg+xml", sizes: "any" },
      { src: "/icon-192.png", type: "image/png", sizes: "192x192" },
      { src: "/icon-512.png", type: "image/png", sizes: "512x512" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "content-type": "application/manifest+json", "cache-control": "no-store" },
  });
}

const SERVICE_WORKER = `
const CACHE = ${JSON.stringify(JOB_CACHE)};
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request).then((hit) => hit || Response.error())),
  );
});
`;

export function jobServiceWorkerResponse(): Response {
  return new Response(SERVICE_WORKER, {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" },
  });
}
