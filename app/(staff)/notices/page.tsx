// GET /notices — the organisation's notices, newest first; administrators dismiss them.
import type { Metadata } from "next";
import Link from "next/link";
import { noticeKind, timeAgo } from "@/components/layout/notice-kinds";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { BellIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { can, rolesWith } from "@/lib/auth/roles";
import { requireStaff } from "@/lib/auth/require-staff";
import { dismissNotice } from "./actions";
import { listNotices } from "@/lib/notifications/notices";

export const metadata: Metadata = { title: "Notices" };

const SHOWN = 50;

export default async function NoticesPage() {
  const { user, organisationId } = await requireStaff(rolesWith("view-notices"));
  const notices = await listNotices(organisationId, { limit: SHOWN });
  const canDismiss = can(user.role, "dismiss-notices");
  return (
    <>
      <PageHeader
        title="Notices"
        description="Things your organisation should know about, such as a webhook endpoint that was disabled after failing for days."
      />
      {notices.length === 0 ? (
        <EmptyState
          icon={<BellIcon />}
          title="No notices"
          description="When something needs attention, such as an integration that stopped receiving events, it appears here and at the top of every page for administrators."
        />
      ) : (
        <Card>
          <ul className="divide-y divide-slate-200">
            {notices.map((notice) => {
              const kind = noticeKind(notice.kind);
              return (
                <li key={notice.id} className="flex items-start gap-4 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="text-sm font-semibold text-slate-900">{kind.title}</p>
                      {notice.readAt ? <Badge>Read</Badge> : <Badge tone="warning">Unread</Badge>}
                    </div>
                    <p className="mt-1 text-sm text-slate-700">{notice.message}</p>
                    <p className="mt-1 text-xs text-slate-600">
                      <time dateTime={notice.createdAt.toISOString()} title={notice.createdAt.toISOString()}>
                        {timeAgo(notice.createdAt)}
                      </time>
                      {kind.action ? (
                        <>
                          {" · "}
                          <Link href={kind.action.href} className="font-medium text-blue-700 hover:underline">
                            {kind.action.label}
                          </Link>
                        </>
                      ) : null}
                    </p>
                  </div>
                  {canDismiss && !notice.readAt ? (
                    <form action={dismissNotice}>
                      <input type="hidden" name="noticeId" value={notice.id} />
                      <Button type="submit" variant="secondary" size="sm">
                        Mark as read<span className="sr-only">: {kind.title}</span>
                      </Button>
                    </form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </>
  );
}
