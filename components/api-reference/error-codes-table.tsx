// Every error code with its status and meaning. Each row is the target of the problem bodies' `type`
// link (/docs/api#error-…).
import { StatusBadge } from "@/components/api-reference/badges";
import { InlineMarkdown } from "@/components/api-reference/markdown";
import type { ErrorCodeView } from "@/components/api-reference/model";

export function ErrorCodesTable({ codes }: { codes: ErrorCodeView[] }) {
  const sorted = [...codes].sort((a, b) => a.status - b.status);
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Error codes"
      className="relative overflow-x-auto rounded-xl border border-slate-200"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Error codes, their HTTP status and meaning</caption>
        <thead className="bg-slate-50">
          <tr className="text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Code
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Status
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Meaning
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 align-top">
          {sorted.map((code) => (
            <tr key={code.code} id={code.anchor} className="scroll-mt-20 target:bg-amber-50">
              <th scope="row" className="px-4 py-3 font-normal">
                <a
                  href={`#${code.anchor}`}
                  className="font-mono text-[0.8125rem] font-semibold text-slate-900 hover:underline"
                >
                  {code.code}
                </a>
              </th>
              <td className="px-4 py-3">
                <StatusBadge status={String(code.status)} />
              </td>
              <td className="px-4 py-3 leading-6 text-slate-700">
                <InlineMarkdown text={code.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
