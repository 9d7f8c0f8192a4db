"use client";
// An unexpected failure inside a staff page: a readable message and a retry, never a stack trace.
// Server errors reach the browser as a generic message with a digest, which the server log also has.
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { ErrorIcon, RefreshIcon } from "@/components/ui/icons";

export default function StaffError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = typeof error === "object" && error && "digest" in error ? String(error.digest) : null;
  // Messages thrown in the browser (e.g. "Your session has ended…") are ours and readable.
  const message = !digest && error instanceof Error && error.message ? error.message : null;

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div
      role="alert"
      className="mx-auto mt-8 max-w-xl rounded-lg border border-red-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700">
          <ErrorIcon className="size-5" />
        </span>
        <div className="min-w-0">
          <h1 className="text-lg font-semibold text-slate-900">This page could not be loaded</h1>
          <p className="mt-1 text-sm text-slate-700">
            {message ?? "Something went wrong on our side. Your data is safe; please try again."}
          </p>
          {digest ? (
            <p className="mt-2 text-xs text-slate-600">
              If this keeps happening, quote reference <code className="font-mono">{digest}</code>.
            </p>
          ) : null}
          <div className="mt-4 flex gap-2">
            <Button onClick={() => retry()}>
              <RefreshIcon />
              Try again
            </Button>
            <Button variant="secondary" onClick={() => window.location.reload()}>
              Reload the page
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
