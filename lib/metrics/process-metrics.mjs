// @ts-check
// The metrics every web process keeps from its first request (server/web-server.mjs installs them),
// written in plain JavaScript because the front door (server/front-door.mjs) records HTTP requests
// outside Next's bundle. prom-client is one Node module per process (next.config.ts keeps it out of the
// bundle), so the registry here is the one /api/metrics reads; each metric is made once per process,
// whichever copy of this file asks first (getOrCreate).
import client from "prom-client";

export const METRIC_PREFIX = "vms_";

/** Seconds: from a cached JSON answer (1 ms) to a slow export or a stuck request (10 s and more). */
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The process's metric of that name, made by `create` the first time.
 * @template {import("prom-client").Metric} M
 * @param {string} name
 * @param {() => M} create
 * @returns {M}
 */
export function getOrCreate(name, create) {
  return /** @type {M | undefined} */ (client.register.getSingleMetric(name)) ?? create();
}

function httpMetrics() {
  const labelNames = /** @type {const} */ (["route", "method", "status"]);
  return {
    requests: getOrCreate(
      `${METRIC_PREFIX}http_requests_total`,
      () =>
        new client.Counter({
          name: `${METRIC_PREFIX}http_requests_total`,
          help: "HTTP requests answered, by route template, method and status.",
          labelNames,
        }),
    ),
    duration: getOrCreate(
      `${METRIC_PREFIX}http_request_duration_seconds`,
      () =>
        new client.Histogram({
          name: `${METRIC_PREFIX}http_request_duration_seconds`,
          help: "Time from a request's arrival to its response's end (or the connection's close), by route template, method and status.",
          labelNames,
          buckets: HTTP_DURATION_BUCKETS,
        }),
    ),
  };
}

/**
 * One answered request.
 * @param {{ route: string, method: string | undefined, status: number, seconds: number }} request
 */
export function recordHttpRequest({ route, method, status, seconds }) {
  const labels = {
    route,
    method: METHODS.has(method ?? "") ? String(method) : "OTHER",
    status: String(status),
  };
  const { requests, duration } = httpMetrics();
  requests.inc(labels);
  duration.observe(labels, seconds);
}

/**
 * Node's own metrics (CPU, memory, event loop, GC) and the answer to the cluster primary's requests
 * for this process's metrics (prom-client listens only once an AggregatorRegistry exists), once per
 * process (the registry tells, whichever copy of this file calls).
 */
export function installProcessMetrics() {
  if (client.register.getSingleMetric(`${METRIC_PREFIX}process_cpu_user_seconds_total`)) return;
  client.collectDefaultMetrics({ prefix: METRIC_PREFIX });
  httpMetrics();
  new client.AggregatorRegistry();
}

/**
 * A request path → the app's route template ("/v1/prep-jobs/[id]"), from the build's routes manifest;
 * "unmatched" for anything else, so that the label's values are bounded by the app's routes.
 * @param {{ staticRoutes?: { page: string, regex: string }[], dynamicRoutes?: { page: string, regex: string }[] } | undefined} manifest
 * @param {ReadonlySet<string>} [publicFiles] files served from public/ (labelled "/public")
 * @returns {(pathname: string) => string}
 */
export function routeTemplateMatcher(manifest, publicFiles = new Set()) {
  const staticRoutes = new Map();
  for (const route of manifest?.staticRoutes ?? []) staticRoutes.set(route.page, route.page);
  const dynamicRoutes = (manifest?.dynamicRoutes ?? []).map((route) => ({
    page: route.page,
    regex: new RegExp(route.regex),
  }));
  return (pathname) => {
    if (pathname.startsWith("/_next/"))
      return pathname.startsWith("/_next/static/") ? "/_next/static" : "/_next";
    if (publicFiles.has(pathname)) return "/public";
    let decoded;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return "unmatched";
    }
    const trimmed = decoded.length > 1 && decoded.endsWith("/") ? decoded.slice(0, -1) : decoded;
    const exact = staticRoutes.get(trimmed);
    if (exact) return exact;
    for (const route of dynamicRoutes) if (route.regex.test(decoded)) return route.page;
    return "unmatched";
  };
}
