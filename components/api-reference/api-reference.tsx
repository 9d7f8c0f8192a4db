// The API reference page, rendered on the server from the OpenAPI document (no client script, nothing
// fetched from elsewhere): a sidebar of chapters and operations, then every chapter, tag, operation,
// webhook event and error code.
import Link from "next/link";
import { ExtensionBadge } from "@/components/api-reference/badges";
import type { DemoKeys } from "@/components/api-reference/code-panel";
import { ErrorCodesTable } from "@/components/api-reference/error-codes-table";
import { Markdown } from "@/components/api-reference/markdown";
import { referenceModel } from "@/components/api-reference/model";
import { ObjectSection } from "@/components/api-reference/object-section";
import { OperationSection } from "@/components/api-reference/operation-section";
import { Sidebar } from "@/components/api-reference/sidebar";

type Props = {
  document: Parameters<typeof referenceModel>[0];
  /** Absolute base address of the API, e.g. https://vms.example.com/v1. */
  baseUrl: string;
  keys: DemoKeys;
  specUrl: string;
};

export function ApiReference({ document, baseUrl, keys, specUrl }: Props) {
  const model = referenceModel(document);
  return (
    <div className="min-h-screen bg-white">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-slate-900 focus:px-3 focus:py-2 focus:text-sm focus:text-white"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-[90rem] items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            href="/"
            className="flex items-center gap-2.5 font-semibold text-slate-900 pointer-coarse:min-h-11"
          >
            <span
              aria-hidden="true"
              className="grid size-7 place-items-center rounded-md bg-indigo-600 text-xs font-bold text-white"
            >
              VM
            </span>
            <span>Vehicle Movement Service</span>
            <span className="hidden text-slate-500 sm:inline">/</span>
            <span className="hidden font-medium text-slate-600 sm:inline">API reference</span>
          </Link>
          <a
            href={specUrl}
            className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 pointer-coarse:min-h-11"
          >
            OpenAPI 3.1 JSON
          </a>
        </div>
      </header>

      <div className="mx-auto flex max-w-[90rem]">
        <nav
          aria-label="API reference"
          className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-80 shrink-0 overflow-y-auto border-r border-slate-200 px-4 py-8 lg:block"
        >
          <Sidebar model={model} />
        </nav>

        <main id="content" className="min-w-0 flex-1 px-4 pb-24 sm:px-8 xl:px-12">
          <div className="pt-12">
            <p className="text-sm font-semibold text-indigo-700">API reference</p>
            <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">{model.title}</h1>
            <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800">
                v{model.version}
              </span>
              <span>Base URL</span>
              <code className="rounded bg-slate-100 px-2 py-0.5 font-mono text-slate-800">{baseUrl}</code>
            </p>
          </div>

          <details className="mt-8 rounded-lg border border-slate-200 lg:hidden">
            <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-slate-800">
              Contents
            </summary>
            <div className="border-t border-slate-200 p-2">
              <Sidebar model={model} />
            </div>
          </details>

          <div className="max-w-3xl">
            {model.chapters.map((chapter) => (
              <section
                key={chapter.id}
                id={chapter.id}
                aria-labelledby={`${chapter.id}-title`}
                className="scroll-mt-20 pt-12"
              >
                <h2
                  id={`${chapter.id}-title`}
                  className="text-2xl font-semibold tracking-tight text-slate-900"
                >
                  {chapter.title}
                </h2>
                <Markdown text={chapter.markdown} className="mt-4" />
              </section>
            ))}
          </div>

          {model.tags.map((tag) => (
            <section
              key={tag.id}
              id={tag.id}
              aria-labelledby={`${tag.id}-title`}
              className="scroll-mt-20 pt-20"
            >
              <div className="max-w-3xl pb-6">
                <h2
                  id={`${tag.id}-title`}
                  className="flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900"
                >
                  {tag.name}
                  {tag.extension && <ExtensionBadge />}
                </h2>
                {tag.description && <Markdown text={tag.description} className="mt-3" />}
              </div>
              {tag.operations.map((operation) => (
                <OperationSection
                  key={operation.id}
                  operation={operation}
                  resolve={model.resolve}
                  baseUrl={baseUrl}
                  keys={keys}
                />
              ))}
              {tag.webhooks.map((operation) => (
                <OperationSection
                  key={operation.id}
                  operation={operation}
                  resolve={model.resolve}
                  baseUrl={baseUrl}
                  keys={keys}
                  webhook
                />
              ))}
            </section>
          ))}

          <section id="objects" aria-labelledby="objects-title" className="scroll-mt-20 pt-20">
            <h2 id="objects-title" className="text-3xl font-bold tracking-tight text-slate-900">
              Objects
            </h2>
            <p className="mt-3 max-w-3xl text-[0.9375rem] leading-7 text-slate-700">
              The shapes the endpoints return and the events carry. Responses may gain fields over time:
              ignore the ones you do not know.
            </p>
            {model.objects.map((object) => (
              <ObjectSection key={object.name} object={object} resolve={model.resolve} />
            ))}
          </section>

          <section id="error-codes" aria-labelledby="error-codes-title" className="scroll-mt-20 pt-20">
            <h2 id="error-codes-title" className="text-3xl font-bold tracking-tight text-slate-900">
              Error codes
            </h2>
            <p className="mt-3 max-w-3xl text-[0.9375rem] leading-7 text-slate-700">
              The <code className="font-mono text-[0.85em]">code</code> of every error response. The problem
              body&apos;s <code className="font-mono text-[0.85em]">type</code> links to its row.
            </p>
            <div className="mt-6">
              <ErrorCodesTable codes={model.errorCodes} />
            </div>
          </section>
        </main>
      </div>
    </div>
  );
}
