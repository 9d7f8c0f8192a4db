// /users — ADMIN only: the organisation's staff and their live sessions (device, address, last seen),
// each of which can be ended; an ended session stops working on its next request.
import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { UserSessionsCard } from "@/components/users/user-sessions-card";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { sessionTimeouts } from "@/lib/auth/user-sessions";
import { listOrganisationUsers } from "@/lib/auth/users/organisation-users";
import { endAllUserSessionsAction, endUserSessionAction } from "./actions";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const staff = await requireStaff(rolesWith("manage-users"));
  const users = await listOrganisationUsers({ organisationId: staff.organisationId, actor: staff.actor });
  const { idleMs, absoluteMs } = sessionTimeouts();
  return (
    <>
      <PageHeader
        title="Users"
        description={`Who is signed in, on what, from where. A session ends after ${idleMs / 60_000} minutes without use and ${absoluteMs / 3_600_000} hours after sign-in; ending one here signs that device out at once.`}
        actions={
          // Carriers' accounts are not staff: they are invited and listed on the marketplace page.
          <Link href="/marketplace" className={buttonClasses({ variant: "secondary" })}>
            Marketplace carriers
          </Link>
        }
      />
      <div className="space-y-6">
        {users.map((user) => (
          <UserSessionsCard
            key={user.id}
            actions={{ endSession: endUserSessionAction, endAllSessions: endAllUserSessionsAction }}
            user={{
              id: user.id,
              name: user.name,
              email: user.email,
              role: user.role,
              sessions: user.sessions.map((session) => ({
                id: session.id,
                userAgent: session.userAgent,
                ipAddress: session.ipAddress,
                createdAt: session.createdAt.toISOString(),
                lastSeenAt: session.lastSeenAt.toISOString(),
                current: session.id === staff.sessionId,
              })),
            }}
          />
        ))}
      </div>
    </>
  );
}
