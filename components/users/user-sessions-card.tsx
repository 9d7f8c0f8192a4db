"use client";
// One staff member and their live sessions on the Users page, with "End" per session and "End all".
import { useState } from "react";
import { Timestamp } from "@/components/integrations/timestamp";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TableHead } from "@/components/ui/table-head";
import { ROLE_LABEL } from "@/lib/auth/roles";
import type { ActionResult } from "@/lib/http/action-result";
import type { UserRole } from "@/lib/generated/prisma/enums";

export type SessionView = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The administrator's own session (this page). */
  current: boolean;
};

export type UserView = { id: string; name: string; email: string; role: UserRole; sessions: SessionView[] };

type Ending = { kind: "one"; session: SessionView } | { kind: "all" };

/** The page's server actions, passed down so that components never import from app/. */
export type UserSessionActions = {
  endSession: (userId: string, sessionId: string) => Promise<ActionResult>;
  endAllSessions: (userId: string) => Promise<ActionResult<unknown>>;
};

export function UserSessionsCard({ user, actions }: { user: UserView; actions: UserSessionActions }) {
  const [ending, setEnding] = useState<Ending | null>(null);
  const others = user.sessions.filter((session) => !session.current);
  const headingId = `user-${user.id}`;
  return (
    <section aria-labelledby={headingId}>
      <Card data-testid="user-card">
        <CardHeader
          id={headingId}
          title={user.name}
          description={`${user.email} · ${ROLE_LABEL[user.role]}`}
          actions={
            others.length > 1 ? (
              <Button variant="secondary" size="sm" onClick={() => setEnding({ kind: "all" })}>
                End all sessions<span className="sr-only"> of {user.name}</span>
              </Button>
            ) : null
          }
        />
        {user.sessions.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-600">Not signed in anywhere.</p>
        ) : (
          <div
            tabIndex={0}
            role="region"
            aria-label={`Sessions of ${user.name}`}
            className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Live sessions of {user.name}</caption>
              <TableHead
                columns={["Device", "Address", "Signed in", "Last seen", { label: "Actions", hidden: true }]}
              />
              <tbody className="divide-y divide-slate-200">
                {user.sessions.map((session) => (
                  <tr key={session.id} data-testid="session-row">
                    <th scope="row" className="max-w-xs px-4 py-3 font-normal break-words text-slate-900">
                      {describeDevice(session.userAgent)}
                      {session.current ? (
                        <Badge tone="info" className="ml-2">
                          This session
                        </Badge>
                      ) : null}
                    </th>
                    <td className="px-4 py-3 font-mono text-[0.8125rem] whitespace-nowrap text-slate-700">
                      {session.ipAddress ?? "Unknown"}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      <Timestamp iso={session.createdAt} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      <Timestamp iso={session.lastSeenAt} />
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setEnding({ kind: "one", session })}
                      >
                        End session
                        <span className="sr-only">
                          {" "}
                          of {user.name} on {describeDevice(session.userAgent)}
                        </span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={
          ending?.kind === "all" ? `End all sessions of ${user.name}?` : `End this session of ${user.name}?`
        }
        confirmLabel={ending?.kind === "all" ? "End all sessions" : "End session"}
        action={() =>
          ending?.kind === "one"
            ? actions.endSession(user.id, ending.session.id)
            : actions
                .endAllSessions(user.id)
                .then((result) => (result.ok ? { ok: true, data: null } : result))
        }
      >
        {ending?.kind === "one" && ending.session.current
          ? "This is your own session: you will be signed out on your next click."
          : "The device is signed out on its next request and must sign in again."}
      </ConfirmDialog>
    </section>
  );
}

/** "Chrome on Windows" from a User-Agent; the raw string when nothing is recognised. */
function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return browser && system ? `${browser} on ${system}` : userAgent.slice(0, 80);
}
