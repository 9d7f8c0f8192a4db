// The reference's table of contents: chapters, then each tag with its operations, then error codes.
import { MethodBadge } from "@/components/api-reference/badges";
import type { ReferenceModel } from "@/components/api-reference/model";
import { objectAnchor } from "@/components/api-reference/schema-fields";

const linkClass =
  "flex items-start gap-2 rounded-md px-2 py-1 text-[0.8125rem] pointer-coarse:min-h-11 pointer-coarse:items-center text-slate-700 hover:bg-slate-100 hover:text-slate-900";

function Group({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <li>
      <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      <ul className="space-y-0.5">{children}</ul>
    </li>
  );
}

export function Sidebar({ model }: { model: ReferenceModel }) {
  return (
    <ul className="space-y-6">
      <Group label="Getting started">
        {model.chapters.map((chapter) => (
          <li key={chapter.id}>
            <a href={`#${chapter.id}`} className={linkClass}>
              {chapter.title}
            </a>
          </li>
        ))}
        <li>
          <a href="#error-codes" className={linkClass}>
            Error codes
          </a>
        </li>
      </Group>
      {model.tags.map((tag) => (
        <Group key={tag.id} label={tag.name}>
          {tag.operations.map((operation) => (
            <li key={operation.id}>
              <a href={`#${operation.id}`} className={linkClass}>
                <MethodBadge method={operation.method} compact />
                <span className="leading-snug">{operation.summary}</span>
              </a>
            </li>
          ))}
          {tag.webhooks.map((operation) => (
            <li key={operation.id}>
              <a href={`#${operation.id}`} className={linkClass}>
                <span className="inline-flex w-12 shrink-0 justify-center rounded bg-slate-200 py-0.5 font-mono text-[0.625rem] font-semibold text-slate-800">
                  EVENT
                </span>
                <span className="truncate font-mono text-xs">{operation.path}</span>
              </a>
            </li>
          ))}
        </Group>
      ))}
      <Group label="Objects">
        {model.objects.map((object) => (
          <li key={object.name}>
            <a href={`#${objectAnchor(object.name)}`} className={`${linkClass} font-mono text-xs`}>
              {object.name}
            </a>
          </li>
        ))}
      </Group>
    </ul>
  );
}
