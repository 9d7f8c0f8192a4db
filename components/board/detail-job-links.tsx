"use client";
// The carriers' job links of one request: each link handed out and whether it still works, a revoke
// button for the live ones, and a new link for each current carrier — shown once, to copy or to show
// as a QR code for the driver's phone (the token is kept only as a hash, so a link cannot be shown
// again; a new one replaces the carrier's old one, and a driver gets it by e-mail too).
import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { RequestJobLinks } from "@/lib/carrier-jobs/list-job-links";
import type { NewJobLink } from "@/lib/carrier-jobs/new-job-link";
import type { JobLinkState } from "@/lib/carrier-jobs/schemas";
import type { BoardActions } from "./board-actions";
import { DetailSection } from "./detail-section";
import { LocalTime } from "./local-time";
import { usePanelData } from "./use-panel-data";

const STATE_LABEL: Record<JobLinkState, string> = {
  active: "Works",
  taken: "Taken by another driver",
  declined: "Declined",
  revoked: "Revoked",
  superseded: "Replaced",
  expired: "Expired",
};

type Props = { requestId: string; version: string; actions: BoardActions };

export function DetailJobLinks({ requestId, version, actions }: Props) {
  const read = useCallback(() => actions.jobLinks(requestId), [actions, requestId]);
  const { data: links, message, setMessage, reload: load } = usePanelData(read, version);
  const [shown, setShown] = useState<(NewJobLink & { carrier: string }) | null>(null);
  const [pending, setPending] = useState(false);

  async function issue(carrier: RequestJobLinks["carriers"][number]) {
    setPending(true);
    const result = await actions.newJobLink(requestId, carrier.carrier);
    setPending(false);
    if (!result.ok) return setMessage(result.message);
    setShown({ ...result.data, carrier: carrier.name });
    setMessage(null);
    await load();
  }

  async function revoke(linkId: string) {
    setPending(true);
    const result = await actions.revokeJobLink(linkId);
    setPending(false);
    setMessage(result.ok ? "Link revoked." : result.message);
    if (shown) setShown(null);
    await load();
  }

  if (!links || (links.links.length === 0 && links.carriers.length === 0)) return null;
  return (
    <DetailSection title="Job links">
      <div className="space-y-3 text-sm">
        {links.links.length > 0 ? (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {links.links.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{link.carrier}</span>
                <span className="text-slate-600">
                  <LocalTime iso={link.createdAt} />
                </span>
                <span
                  data-testid="job-link-state"
                  className={link.state === "active" ? "text-emerald-700" : "text-slate-600"}
                >
                  {STATE_LABEL[link.state]}
                </span>
                {link.state === "active" || link.state === "declined" ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="text-red-700"
                    disabled={pending}
                    onClick={() => void revoke(link.id)}
                    aria-label={`Revoke the link of ${link.carrier}`}
                  >
                    Revoke
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {links.carriers.map((carrier) => (
            <Button
              key={carrier.name}
              size="sm"
              variant="secondary"
              disabled={pending}
              onClick={() => void issue(carrier)}
            >
              New link for {carrier.name}
            </Button>
          ))}
        </div>
        {shown ? (
          <div className="space-y-2 rounded-md border border-blue-200 bg-blue-50 p-3">
            <p className="text-slate-800">
              The link for <strong>{shown.carrier}</strong>, shown once (it replaces their earlier link):
            </p>
            <p className="font-mono text-xs break-all text-slate-900" data-testid="new-job-link">
              {shown.url}
            </p>
            <CopyButton value={shown.url} label="Copy link" />
            {/* The QR code as an image: the SVG made on the server, no markup injected into the page. */}
            {/* eslint-disable-next-line @next/next/no-img-element -- a data URL, nothing to optimise */}
            <img
              src={`data:image/svg+xml;utf8,${encodeURIComponent(shown.qrSvg)}`}
              alt={`QR code of the job link for ${shown.carrier}`}
              className="size-48 rounded bg-white"
            />
          </div>
        ) : null}
        {message ? (
          <p role="status" className="text-slate-700">
            {message}
          </p>
        ) : null}
      </div>
    </DetailSection>
  );
}
