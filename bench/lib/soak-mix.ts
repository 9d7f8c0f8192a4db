// The soak's steady mixed load: every autocannon connection goes round the cycle an integrator's day
// consists of (create a movement, read it, change it, read the events page, the sites and the prep
// jobs, cancel it — which makes a webhook), at a fixed overall rate. Counts answers per step.
import autocannon from "autocannon";

export type StepCount = { step: string; requests: number; non2xx: number };

export type MixResult = {
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  steps: StepCount[];
  /** Cancellations answered 200: each one is a movement.cancelled webhook to deliver. */
  cancelled: number;
};

type Context = { id?: string };
type Step = { name: string; request: autocannon.Request };

function cycle(sites: { from: string; to: string }): Step[] {
  const ofCreated =
    (suffix = "") =>
    (request: autocannon.Request, context: object) => ({
      ...request,
      path: `/v1/movement-requests/${(context as Context).id ?? "missing"}${suffix}`,
    });
  const json = { "content-type": "application/json" };
  return [
    {
      name: "POST create-in-planning-pool",
      request: {
        method: "POST",
        path: "/v1/movement-requests/create-in-planning-pool",
        headers: json,
        body: JSON.stringify({
          vehicle: { vrm: "AB12 CDE", make: "Ford", model: "Focus" },
          origin: { location: { type: "INTERNAL", siteId: sites.from } },
          destination: { location: { type: "INTERNAL", siteId: sites.to }, deliveryByDate: "2027-06-01" },
          businessArea: "Retail",
          transportMethod: "DRIVEN",
        }),
        onResponse: (status, body, context) => {
          (context as Context).id = status === 201 ? (JSON.parse(body) as { id: string }).id : undefined;
        },
      },
    },
    { name: "GET movement-request", request: { method: "GET", setupRequest: ofCreated() } },
    {
      name: "PATCH movement-request",
      request: {
        method: "PATCH",
        headers: json,
        body: JSON.stringify({ notes: "Keys at reception" }),
        setupRequest: ofCreated(),
      },
    },
    { name: "GET events page", request: { method: "GET", path: "/v1/movement-requests/events?limit=20" } },
    { name: "GET sites", request: { method: "GET", path: "/v1/infrastructure/sites" } },
    { name: "GET prep-jobs", request: { method: "GET", path: "/v1/prep-jobs?stage=APPRAISED&limit=20" } },
    { name: "POST cancel", request: { method: "POST", setupRequest: ofCreated("/cancel") } },
  ];
}

export async function runMixedLoad(options: {
  baseUrl: string;
  apiKey: string;
  sites: { from: string; to: string };
  ratePerSecond: number;
  durationSeconds: number;
  /**
   * Requests in flight at most (each connection waits for its answer). Enough for the rate while
   * answers are quick; on a slow machine the achieved rate drops instead of requests piling up beyond
   * the database pool (which is overload, not a steady load: see the report's achieved requests/s).
   */
  connections?: number;
}): Promise<MixResult> {
  const steps = cycle(options.sites);
  const counts = steps.map((step) => ({ step: step.name, requests: 0, non2xx: 0 }));
  let cancelled = 0;
  const requests = steps.map((step, index) => ({
    ...step.request,
    onResponse: (status: number, body: string, context: object, headers: autocannon.Request["headers"]) => {
      const count = counts[index]!;
      count.requests += 1;
      if (status < 200 || status > 299) count.non2xx += 1;
      else if (step.name === "POST cancel") cancelled += 1;
      if (typeof step.request.onResponse === "function")
        step.request.onResponse(status, body, context, headers);
    },
  }));
  const result = await autocannon({
    url: options.baseUrl,
    headers: { "x-service-api-key": options.apiKey },
    requests,
    connections: options.connections ?? 24,
    overallRate: options.ratePerSecond,
    duration: options.durationSeconds,
    timeout: 10,
  });
  return {
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    steps: counts,
    cancelled,
  };
}
