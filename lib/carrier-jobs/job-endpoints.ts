// The job page's route handlers: the view as JSON for the page's refresh, the actions and the
// positions shared while on the road, each rate-limited per link and idempotent by its key. Who is acting is the opener's question: a token
// (a driver's or a 3PL's link, no account) or a marketplace carrier's session and award
// (openCarrierJob); what follows is the same for both.
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { problemResponse, PROBLEM_CONTENT_TYPE } from "@/lib/http/problem";
import { consumeRateLimit } from "@/lib/http/rate-limit";
import { readJsonBody } from "@/lib/http/read-json-body";
import { toAppError } from "@/lib/http/to-app-error";
import { validationError } from "@/lib/http/validation";
import { logger } from "@/lib/logger";
import { actOnJob } from "@/lib/carrier-jobs/act-on-job";
import { toJobView } from "@/lib/carrier-jobs/get-job-view";
import {
  actionHash,
  claimActionKey,
  releaseActionKey,
  storeActionOutcome,
} from "@/lib/carrier-jobs/job-action-keys";
import { resolveJobLink, type ResolvedJobLink } from "@/lib/carrier-jobs/resolve-job-link";
import { recordJobPositions } from "@/lib/carrier-jobs/record-job-positions";
import { jobActionBody, jobPositionsBody } from "@/lib/carrier-jobs/schemas";

export const NO_STORE = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

export type OpenedJob = { resolved: ResolvedJobLink; headers: Record<string, string> };
/** Finds the job the request acts on, and who acts: 404 (or 401 signed out) otherwise. */
export type JobOpener = () => Promise<OpenedJob>;

export const byToken =
  (token: string): JobOpener =>
  () =>
    openLink(token);

/** GET /jobs/{token}/view, GET /carrier/jobs/{id}/view */
export async function jobViewResponse(open: JobOpener): Promise<Response> {
  return answer(async () => {
    const { resolved, headers } = await open();
    return Response.json(await toJobView(resolved, new Date()), { headers: { ...NO_STORE, ...headers } });
  });
}

/** POST /jobs/{token}/actions, POST /carrier/jobs/{id}/actions */
export async function jobActionResponse(request: Request, open: JobOpener): Promise<Response> {
  return answer(async () => {
    const { resolved, headers } = await open();
    const parsed = jobActionBody.safeParse((await readJsonBody(request)).value);
    if (!parsed.success) throw validationError(parsed.error, "body");
    const body = parsed.data;
    return idempotently(resolved, headers, body.action, body, async () =>
      Response.json(await actOnJob(resolved, body), { headers: { ...NO_STORE, ...headers } }),
    );
  });
}

/** POST /jobs/{token}/positions, POST /carrier/jobs/{id}/positions: a batch from the phone, 202 */
export async function jobPositionsResponse(request: Request, open: JobOpener): Promise<Response> {
  return answer(async () => {
    const { resolved, headers } = await open();
    const parsed = jobPositionsBody.safeParse((await readJsonBody(request)).value);
    if (!parsed.success) throw validationError(parsed.error, "body");
    const body = parsed.data;
    return idempotently(resolved, headers, "positions", body, async () =>
      Response.json(await recordJobPositions(resolved, body), {
        status: 202,
        headers: { ...NO_STORE, ...headers },
      }),
    );
  });
}

/**
 * Runs a phone's write once per key: a replay with the same key and body answers the stored outcome
 * and runs nothing; a failure that is not an answer (5xx) frees the key for the phone's retry.
 */
async function idempotently(
  resolved: ResolvedJobLink,
  headers: Record<string, string>,
  action: string,
  body: { idempotencyKey: string } & Record<string, unknown>,
  run: () => Promise<Response>,
): Promise<Response> {
  const claim = await claimActionKey({
    jobLinkId: resolved.link.id,
    organisationId: resolved.link.organisationId,
    idempotencyKey: body.idempotencyKey,
    action,
    requestHash: actionHash(body),
  });
  if ("replay" in claim) {
    const { status, body: text } = claim.replay;
    return new Response(text, {
      status,
      headers: { ...NO_STORE, ...headers, ...contentType(status), "idempotent-replayed": "true" },
    });
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "INTERNAL_SERVER_ERROR" || appError.code === "SERVICE_UNAVAILABLE") {
      // Not an answer: the phone retries with the same key, and the write runs then.
      await releaseActionKey(claim.recordId).catch(() => undefined);
      throw error;
    }
    response = problemResponse(appError);
  }
  const text = await response.text();
  await storeActionOutcome(claim.recordId, { status: response.status, body: text });
  return new Response(text, { status: response.status, headers: response.headers });
}

export async function openLink(token: string): Promise<OpenedJob> {
  const resolved = await resolveJobLink(token);
  if (!resolved) throw new AppError("NOT_FOUND", "This job link does not exist, expired or was revoked.");
  return { resolved, headers: await rateLimitOf(resolved) };
}

/** Every request of one job counts against its link's bucket, whoever its credential is. */
export async function rateLimitOf(resolved: ResolvedJobLink): Promise<Record<string, string>> {
  return consumeRateLimit(`job-link:${resolved.link.id}`, resolved.link.organisationId, "this job link");
}

function contentType(status: number): Record<string, string> {
  return { "content-type": status >= 400 ? PROBLEM_CONTENT_TYPE : "application/json" };
}

export async function answer(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    const appError = toAppError(error);
    if (appError.code === "INTERNAL_SERVER_ERROR") logger.error("job link endpoint failed", { error });
    return problemResponse(appError);
  }
}
