// An operation's responses: status, meaning, body fields for successes, error codes for problems.
import { StatusBadge } from "@/components/api-reference/badges";
import type { ResponseView } from "@/components/api-reference/model";
import { refName, type Resolver } from "@/components/api-reference/schema";
import { SchemaFields, objectAnchor } from "@/components/api-reference/schema-fields";
import { errorAnchor } from "@/lib/openapi/errors";
import type { ErrorCode } from "@/lib/errors/app-error";

/** Sent with every response; listed once, in the chapters. */
const ROUTINE_HEADERS = new Set([
  "X-Request-Id",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
]);

function CodeLinks({ codes }: { codes: string[] }) {
  return codes.map((code) => (
    <a
      key={code}
      href={`#${errorAnchor(code as ErrorCode)}`}
      className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 hover:bg-indigo-50 hover:text-indigo-800"
    >
      {code}
    </a>
  ));
}

export function ResponsesList({ responses, resolve }: { responses: ResponseView[]; resolve: Resolver }) {
  const own = responses.filter((response) => !response.shared);
  const shared = responses.filter((response) => response.shared);
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {own.map((response) => {
        const headers = response.status.startsWith("2")
          ? response.headers
          : response.headers.filter((header) => !ROUTINE_HEADERS.has(header));
        const isSuccess = response.status.startsWith("2");
        const objectName = refName(response.schema);
        return (
          <li key={response.status} className="px-4 py-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge status={response.status} />
              <span className="text-sm font-medium text-slate-800">{response.description}</span>
              {response.contentType && (
                <span className="font-mono text-xs text-slate-600">{response.contentType}</span>
              )}
            </div>
            {response.codes.length > 0 && (
              <p className="mt-2 flex flex-wrap gap-1.5 text-xs">
                <CodeLinks codes={response.codes} />
              </p>
            )}
            {isSuccess && objectName && (
              <p className="mt-2 text-sm text-slate-700">
                Returns the{" "}
                <a
                  href={`#${objectAnchor(objectName)}`}
                  className="font-mono font-medium text-indigo-700 underline underline-offset-2"
                >
                  {objectName}
                </a>{" "}
                object.
              </p>
            )}
            {isSuccess && response.schema && !objectName && (
              <details open className="mt-2">
                <summary className="cursor-pointer select-none text-xs font-medium text-slate-700">
                  Response body
                </summary>
                <SchemaFields schema={response.schema} resolve={resolve} depth={1} linkObjects />
              </details>
            )}
            {headers.length > 0 && (
              <p className="mt-2 text-xs text-slate-600">
                Headers:{" "}
                {headers.map((header, index) => (
                  <span key={header}>
                    {index > 0 && ", "}
                    <code className="font-mono text-slate-700">{header}</code>
                  </span>
                ))}
              </p>
            )}
          </li>
        );
      })}
      {shared.length > 0 && (
        <li className="px-4 py-3">
          <p className="text-sm text-slate-700">
            As every endpoint:{" "}
            {shared.map((response, index) => (
              <span key={response.status}>
                {index > 0 && ", "}
                <span className="font-mono text-xs font-semibold">{response.status}</span>
              </span>
            ))}
            .
          </p>
          <p className="mt-2 flex flex-wrap gap-1.5 text-xs">
            <CodeLinks codes={shared.flatMap((response) => response.codes)} />
            <a
              href={`#${errorAnchor("INTERNAL_SERVER_ERROR")}`}
              className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 hover:bg-indigo-50 hover:text-indigo-800"
            >
              INTERNAL_SERVER_ERROR
            </a>
          </p>
        </li>
      )}
    </ul>
  );
}
