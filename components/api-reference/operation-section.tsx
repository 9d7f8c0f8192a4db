// One endpoint (or webhook event): description, parameters, body and responses on the left; the
// request and response examples on the right.
import { ExtensionBadge, MethodBadge, ScopeBadge } from "@/components/api-reference/badges";
import {
  CodePanel,
  JsonBlock,
  curlFor,
  successExample,
  type DemoKeys,
} from "@/components/api-reference/code-panel";
import { Markdown } from "@/components/api-reference/markdown";
import type { OperationView } from "@/components/api-reference/model";
import { ParametersTable } from "@/components/api-reference/parameters-table";
import { ResponsesList } from "@/components/api-reference/responses-list";
import { refName, sampleOf, type Resolver } from "@/components/api-reference/schema";
import { SchemaFields, objectAnchor } from "@/components/api-reference/schema-fields";

type Props = {
  operation: OperationView;
  resolve: Resolver;
  baseUrl: string;
  keys: DemoKeys;
  /** A webhook event: sent by the service to your endpoint. */
  webhook?: boolean;
};

function Subheading({ children }: { children: string }) {
  return <h4 className="mb-2 mt-8 text-sm font-semibold text-slate-900">{children}</h4>;
}

export function OperationSection({ operation, resolve, baseUrl, keys, webhook = false }: Props) {
  const titleId = `${operation.id}-title`;
  const success = successExample(operation, resolve);
  const body = operation.requestBody;
  const parameters = operation.parameters;
  const payloadObject = refName(body?.schema);
  return (
    <section
      id={operation.id}
      aria-labelledby={titleId}
      className="grid scroll-mt-20 gap-x-12 gap-y-6 border-t border-slate-200 py-12 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
    >
      <div className="min-w-0">
        {webhook && payloadObject && <span id={objectAnchor(payloadObject)} />}
        <h3 id={titleId} className="text-xl font-semibold tracking-tight text-slate-900">
          {webhook ? <span className="font-mono">{operation.path}</span> : operation.summary}
        </h3>
        <p className="mt-3 flex flex-wrap items-center gap-2">
          <MethodBadge method={operation.method} />
          <code className="break-all font-mono text-sm text-slate-800">
            {webhook ? "Your endpoint URL" : operation.path}
          </code>
        </p>
        {(operation.extension || operation.scope) && (
          <p className="mt-3 flex flex-wrap gap-2">
            {operation.scope && <ScopeBadge scope={operation.scope} />}
            {operation.extension && <ExtensionBadge />}
          </p>
        )}
        {operation.description && <Markdown text={operation.description} className="mt-4" />}

        {parameters.length > 0 && (
          <>
            <Subheading>{webhook ? "Headers" : "Parameters"}</Subheading>
            <ParametersTable parameters={parameters} resolve={resolve} />
          </>
        )}

        {body && (
          <>
            <Subheading>{webhook ? "Payload" : "Request body"}</Subheading>
            {body.description && <p className="mb-1 text-sm text-slate-600">{body.description}</p>}
            {!body.required && !body.description && <p className="mb-1 text-sm text-slate-600">Optional.</p>}
            <SchemaFields schema={body.schema} resolve={resolve} />
          </>
        )}

        <Subheading>{webhook ? "Your response" : "Responses"}</Subheading>
        <ResponsesList responses={operation.responses} resolve={resolve} />
      </div>

      <div className="min-w-0 space-y-4 xl:sticky xl:top-20 xl:self-start">
        {webhook ? (
          <CodePanel title="Example payload" label={`POST ${operation.path}`}>
            <JsonBlock value={body?.example ?? sampleOf(body?.schema, resolve)} />
          </CodePanel>
        ) : (
          <>
            <CodePanel title="Request" label="curl" wrap>
              <code>{curlFor(operation, { baseUrl, keys, resolve })}</code>
            </CodePanel>
            {success && (
              <CodePanel title="Response" label={success.status}>
                {success.value === undefined ? (
                  <code className="text-slate-300">No content</code>
                ) : (
                  <JsonBlock value={success.value} />
                )}
              </CodePanel>
            )}
          </>
        )}
      </div>
    </section>
  );
}
