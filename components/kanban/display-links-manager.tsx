"use client";
// Workshop-screen links for admins: create one for a prep site (its address is shown once, to copy
// onto the screen), see which screens were seen lately, revoke one.
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { TableHead } from "@/components/ui/table-head";
import type { ActionResult } from "@/lib/http/action-result";
import type { DisplayLinkSummary } from "@/lib/prep-jobs/display-links/schemas";
import type { KanbanSite } from "@/lib/prep-jobs/kanban/board";

type Props = {
  sites: KanbanSite[];
  links: DisplayLinkSummary[];
  createAction: (input: unknown) => Promise<ActionResult<{ link: DisplayLinkSummary; url: string }>>;
  revokeAction: (id: unknown) => Promise<ActionResult<null>>;
};

const WHEN = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const when = (iso: string | null) => (iso ? WHEN.format(new Date(iso)) : "Never");

export function DisplayLinksManager({ sites, links, createAction, revokeAction }: Props) {
  return (
    // min-w-0: a grid item is as wide as its content by default, so a long row would widen the page
    // instead of scrolling inside the list's box.
    <div className="grid gap-6 xl:grid-cols-[26rem_1fr] [&>*]:min-w-0">
      <CreateDisplayLink sites={sites} createAction={createAction} />
      <DisplayLinkList links={links} revokeAction={revokeAction} />
    </div>
  );
}

function CreateDisplayLink({ sites, createAction }: Pick<Props, "sites" | "createAction">) {
  const router = useRouter();
  const ids = { name: useId(), site: useId() };
  const [pending, startTransition] = useTransition();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; url: string } | null>(null);
  const [copied, setCopied] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const formElement = event.currentTarget;
    startTransition(async () => {
      const result = await createAction({ name: form.get("name"), siteId: form.get("siteId") });
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setFailure(result.message);
        return;
      }
      setErrors({});
      setFailure(null);
      setCopied(false);
      setCreated({ name: result.data.link.name, url: result.data.url });
      formElement.reset();
      router.refresh();
    });
  }

  return (
    <Card>
      <CardHeader
        title="New workshop screen"
        description="A link that shows one prep site's board, read-only and live, without signing in."
      />
      <CardBody>
        <HydratedForm onSubmit={submit} className="space-y-4" noValidate>
          <div>
            <Label htmlFor={ids.name}>Screen name</Label>
            <Input
              id={ids.name}
              name="name"
              className="mt-1.5"
              placeholder="Workshop TV"
              maxLength={80}
              required
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${ids.name}-error` : undefined}
            />
            <FieldError id={`${ids.name}-error`}>{errors.name}</FieldError>
          </div>
          <div>
            <Label htmlFor={ids.site}>Prep site</Label>
            <Select
              id={ids.site}
              name="siteId"
              className="mt-1.5"
              required
              aria-invalid={errors.siteId ? true : undefined}
              aria-describedby={errors.siteId ? `${ids.site}-error` : undefined}
            >
              {sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.name} ({site.code})
                </option>
              ))}
            </Select>
            <FieldError id={`${ids.site}-error`}>{errors.siteId}</FieldError>
          </div>
          {failure ? <Alert tone="danger">{failure}</Alert> : null}
          <Button type="submit" loading={pending}>
            Create link
          </Button>
        </HydratedForm>
        <div role="status" className="empty:hidden">
          {created ? (
            <Alert tone="success" role="none" title={`Link for “${created.name}” created`} className="mt-4">
              <p>Open it on the screen now: it is shown only once. Anyone with it can see this board.</p>
              <p className="mt-2 rounded-md border border-emerald-200 bg-white px-2 py-1.5 font-mono text-xs break-all text-slate-900">
                <a href={created.url} target="_blank" rel="noreferrer" data-testid="display-link-url">
                  {created.url}
                </a>
              </p>
              <Button
                size="sm"
                variant="secondary"
                className="mt-2"
                onClick={() =>
                  void navigator.clipboard?.writeText(created.url).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? "Copied" : "Copy link"}
              </Button>
            </Alert>
          ) : null}
        </div>
      </CardBody>
    </Card>
  );
}

function DisplayLinkList({ links, revokeAction }: Pick<Props, "links" | "revokeAction">) {
  const router = useRouter();
  const [revoking, setRevoking] = useState<DisplayLinkSummary | null>(null);

  return (
    <Card>
      <CardHeader title="Workshop screens" description="Every link handed out, revoked ones included." />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke link"
        action={() => revokeAction(revoking?.id)}
        onDone={() => router.refresh()}
      >
        <p>The screen stops showing the board at once. A revoked link cannot be turned back on.</p>
      </ConfirmDialog>
      {links.length === 0 ? (
        <CardBody>
          <EmptyState
            title="No workshop screens yet"
            description="Create a link and open it on the screen in the workshop."
          />
        </CardBody>
      ) : (
        // Below md each row stacks into a block of its own (name and status, then the rest), so a phone
        // never scrolls sideways; the column headers stay for screen readers.
        <div className="md:overflow-x-auto">
          <table className="w-full text-left text-sm max-md:block">
            <TableHead
              className="max-md:sr-only"
              columns={[
                "Name",
                "Prep site",
                "Created",
                "Last seen",
                "Status",
                { label: "Actions", hidden: true },
              ]}
            />
            <tbody className="divide-y divide-slate-200 max-md:block">
              {links.map((link) => (
                <tr
                  key={link.id}
                  data-testid="display-link-row"
                  className="max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:px-4 max-md:py-3"
                >
                  <th scope="row" className="px-4 py-3 font-medium break-words text-slate-900 max-md:p-0">
                    {link.name}
                  </th>
                  <td className="px-4 py-3 text-slate-700 max-md:col-span-2 max-md:p-0">
                    {link.site.name} <span className="text-slate-500">({link.site.code})</span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700 max-md:col-span-2 max-md:p-0">
                    <PhoneLabel>Created</PhoneLabel>
                    {when(link.createdAt)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700 max-md:col-span-2 max-md:p-0">
                    <PhoneLabel>Last seen</PhoneLabel>
                    {when(link.lastSeenAt)}
                  </td>
                  <td className="px-4 py-3 max-md:col-start-2 max-md:row-start-1 max-md:p-0 max-md:text-right">
                    {link.revokedAt ? (
                      <Badge tone="neutral">Revoked {when(link.revokedAt)}</Badge>
                    ) : (
                      <Badge tone="success" dot>
                        Active
                      </Badge>
                    )}
                  </td>
                  <td className="px-4 py-3 text-right max-md:col-span-2 max-md:p-0 max-md:pt-1 max-md:text-left max-md:empty:hidden">
                    {link.revokedAt ? null : (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setRevoking(link)}
                        aria-label={`Revoke ${link.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** A cell's column name, shown where the row is stacked (a phone); the table's headers say it to screen readers. */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="mr-1 text-slate-500 md:hidden">
      {children}
    </span>
  );
}
