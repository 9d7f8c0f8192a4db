// One named schema under Objects: its fields, and an example built from it.
import { CodePanel, JsonBlock } from "@/components/api-reference/code-panel";
import { InlineMarkdown } from "@/components/api-reference/markdown";
import type { ObjectView } from "@/components/api-reference/model";
import { sampleOf, type Resolver } from "@/components/api-reference/schema";
import { SchemaFields, objectAnchor } from "@/components/api-reference/schema-fields";

export function ObjectSection({ object, resolve }: { object: ObjectView; resolve: Resolver }) {
  const id = objectAnchor(object.name);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid scroll-mt-20 gap-x-12 gap-y-6 border-t border-slate-200 py-10 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
    >
      <div className="min-w-0">
        <h3 id={`${id}-title`} className="font-mono text-lg font-semibold text-slate-900">
          {object.name}
        </h3>
        {object.description && (
          <p className="mt-2 text-[0.9375rem] leading-7 text-slate-700">
            <InlineMarkdown text={object.description} />
          </p>
        )}
        <div className="mt-2">
          <SchemaFields schema={object.schema} resolve={resolve} linkObjects />
        </div>
      </div>
      <div className="min-w-0 xl:sticky xl:top-20 xl:self-start">
        <CodePanel title="Example" label={object.name}>
          <JsonBlock value={object.example ?? sampleOf(object.schema, resolve)} />
        </CodePanel>
      </div>
    </section>
  );
}
