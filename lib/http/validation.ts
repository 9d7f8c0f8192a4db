// zod failures as the problem body's `errors: [{ path, message }]` (dot paths, as integrators write them).
// A schema may name a more specific error code for an issue (e.g. INVALID_VRM) through the issue's
// params: `{ errorCode: "INVALID_VRM" }`; the problem then carries that code.
import type { z } from "zod";
import { AppError, ERROR_CODES, type ErrorCode, type FieldError } from "@/lib/errors/app-error";

export function fieldErrorsOf(error: z.ZodError, prefix?: string): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".");
    return { path: [prefix, path].filter(Boolean).join("."), message: issue.message };
  });
}

export function validationError(error: z.ZodError, where: "body" | "query" | "path"): AppError {
  const errors = fieldErrorsOf(error);
  const first = errors[0];
  const summary = first ? `${first.path || where}: ${first.message}` : `Invalid ${where}`;
  return new AppError(
    specificCodeOf(error) ?? "VALIDATION_ERROR",
    `The request ${where} is invalid. ${summary}`,
    {
      errors,
    },
  );
}

function specificCodeOf(error: z.ZodError): ErrorCode | undefined {
  for (const issue of error.issues) {
    const code =
      issue.code === "custom" ? (issue.params as { errorCode?: unknown } | undefined)?.errorCode : undefined;
    if (typeof code === "string" && (ERROR_CODES as readonly string[]).includes(code))
      return code as ErrorCode;
  }
  return undefined;
}
