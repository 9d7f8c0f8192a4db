// An operation's path, query and header parameters.
import { RequiredMark } from "@/components/api-reference/badges";
import { InlineMarkdown } from "@/components/api-reference/markdown";
import type { ParameterView } from "@/components/api-reference/model";
import { constraintsOf, flatten, typeLabel, type Resolver } from "@/components/api-reference/schema";

const LOCATION_ORDER = ["path", "query", "header"];

/** Where the chapters explain the headers every endpoint shares. */
const SHARED_CHAPTER: Record<string, string> = {
  "Idempotency-Key": "idempotency",
  "X-Request-Id": "requests",
};

function firstSentence(text: string): string {
  const end = text.search(/\.\s/);
  return end === -1 ? text : text.slice(0, end + 1);
}

export function ParametersTable({ parameters, resolve }: { parameters: ParameterView[]; resolve: Resolver }) {
  const sorted = [...parameters].sort((a, b) => LOCATION_ORDER.indexOf(a.in) - LOCATION_ORDER.indexOf(b.in));
  return (
    // Focusable, so that a table wider than the screen can be scrolled with the keyboard.
    <div tabIndex={0} role="region" aria-label="Parameters" className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Name
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              In
            </th>
            <th scope="col" className="py-2 font-semibold">
              Description
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 align-top">
          {sorted.map((parameter) => {
            const flat = flatten(parameter.schema, resolve);
            const constraints = constraintsOf(flat);
            return (
              <tr key={`${parameter.in}:${parameter.name}`}>
                <td className="py-3 pr-4">
                  <code className="whitespace-nowrap font-mono text-sm font-semibold text-slate-900">
                    {parameter.name}
                  </code>
                  <div className="mt-0.5 font-mono text-xs text-slate-600">
                    {typeLabel(parameter.schema, resolve)}
                  </div>
                  {parameter.required && <RequiredMark />}
                </td>
                <td className="py-3 pr-4 text-slate-600">{parameter.in}</td>
                <td className="py-3 leading-6 text-slate-700">
                  {parameter.description && (
                    <InlineMarkdown
                      text={parameter.shared ? firstSentence(parameter.description) : parameter.description}
                    />
                  )}
                  {parameter.shared && SHARED_CHAPTER[parameter.name] && (
                    <>
                      {" "}
                      <a
                        href={`#${SHARED_CHAPTER[parameter.name]}`}
                        className="text-indigo-700 underline underline-offset-2"
                      >
                        More
                      </a>
                    </>
                  )}
                  {flat.enum && (
                    <div className="mt-1 flex flex-wrap gap-1.5">
                      {flat.enum.map((value) => (
                        <code
                          key={String(value)}
                          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs"
                        >
                          {String(value)}
                        </code>
                      ))}
                    </div>
                  )}
                  {!parameter.shared && constraints.length > 0 && (
                    <div className="mt-1 text-xs text-slate-600">{constraints.join(" · ")}</div>
                  )}
                  {!parameter.shared && parameter.example !== undefined && (
                    <div className="mt-1 text-xs text-slate-600">
                      Example: <code className="font-mono text-slate-800">{String(parameter.example)}</code>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
