// Error responses: RFC 9457 problem+json for 4xx (and 503) with the specification's `code` and
// `message`; the specification's plain JSON body for 500, never with internals.
import { AppError, type ArchiveReference, type ErrorCode, type FieldError } from "@/lib/errors/app-error";
import { ERROR_STATUS, STATUS_TITLE } from "@/lib/http/error-status";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  message: string;
  detail: string;
  instance?: string;
  errors?: FieldError[];
  archive?: ArchiveReference;
};

export function problemResponse(error: AppError, instance?: string): Response {
  const status = ERROR_STATUS[error.code];
  if (status >= 500 && error.code === "INTERNAL_SERVER_ERROR") return internalErrorResponse();
  const body: ProblemBody = {
    type: `/docs/api#error-${error.code.toLowerCase().replaceAll("_", "-")}`,
    title: STATUS_TITLE[status] ?? "Error",
    status,
    code: error.code,
    message: error.message,
    detail: error.message,
    ...(instance ? { instance } : {}),
    ...(error.errors ? { errors: error.errors } : {}),
    ...(error.archive ? { archive: error.archive } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": PROBLEM_CONTENT_TYPE, ...error.headers },
  });
}

export function internalErrorResponse(): Response {
  return Response.json(
    {
      code: "INTERNAL_SERVER_ERROR",
      message: "An unexpected error occurred. Quote the X-Request-Id when reporting it.",
    },
    { status: 500 },
  );
}
