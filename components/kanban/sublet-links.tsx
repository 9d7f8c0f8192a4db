"use client";
// The job's sublet vendor links, under its work items: each vendor's link to copy (or send), and to
// revoke (its page and actions are then 404). The vendor sees only the items sent to it.
import { useState } from "react";
import { useSublet } from "@/components/kanban/sublet-context";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

export function SubletLinks() {
  const sublet = useSublet();
  const [revoking, setRevoking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const links = sublet?.details?.links ?? [];
  if (!sublet || links.length === 0) return null;

  async function revoke(linkId: string) {
    if (!sublet) return;
    setRevoking(linkId);
    const failed = await sublet.run(() => sublet.actions.revoke(sublet.prepJobId, linkId));
    setRevoking(null);
    setFailure(failed?.message ?? null);
  }

  return (
    <div className="mt-3 rounded-lg bg-sky-50 p-3 ring-1 ring-sky-200" data-testid="sublet-links">
      <h4 className="text-sm font-semibold text-slate-900">Sublet vendors&apos; links</h4>
      <p className="text-xs text-slate-700">No account needed: each vendor sees only its own items.</p>
      <ul className="mt-2 flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.id} className="min-w-0 text-sm" data-testid="sublet-link">
            <p className="font-medium text-slate-900">{link.vendorName}</p>
            {link.url ? (
              <p className="font-mono text-xs break-all text-slate-700" data-testid="sublet-link-url">
                {link.url}
              </p>
            ) : (
              <p className="text-xs text-slate-700">
                This link can no longer be shown: revoke it and send the item again.
              </p>
            )}
            <div className="mt-1 flex flex-wrap gap-2">
              {link.url ? (
                <CopyButton
                  value={link.url}
                  label="Copy link"
                  accessibleLabel={`Copy link for ${link.vendorName}`}
                  className="min-h-11"
                />
              ) : null}
              <Button
                size="sm"
                variant="secondary"
                className="min-h-11 text-red-700"
                loading={revoking === link.id}
                disabled={revoking !== null}
                onClick={() => void revoke(link.id)}
              >
                Revoke link
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {failure ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
