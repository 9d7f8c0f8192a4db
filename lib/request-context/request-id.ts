import { newId } from "@/lib/ids";

export const REQUEST_ID_HEADER = "x-request-id";
export const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is a sane token (it ends up in logs), otherwise a new one. */
export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given && ACCEPTABLE_REQUEST_ID.test(given) ? given : newId();
}
