import { AppError } from "@/lib/errors/app-error";
import { problemResponse } from "@/lib/http/problem";

// Any other /v1 path — a problem body rather than Next's HTML 404 page
function notFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return problemResponse(new AppError("NOT_FOUND", `No endpoint at ${request.method} ${path}.`), path);
}

export { notFound as GET, notFound as POST, notFound as PATCH, notFound as PUT, notFound as DELETE };
