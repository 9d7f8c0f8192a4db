// The navigation shell of every signed-in page. proxy.ts has already sent signed-out visitors to
// /sign-in; requireStaff() confirms the user against the database.
import type { ReactNode } from "react";
import { NoticesBanner } from "@/components/layout/notices-banner";
import { navItemsFor } from "@/components/layout/nav-items";
import { SkipLink } from "@/components/layout/skip-link";
import { TopBar } from "@/components/layout/top-bar";
import { can, homePathFor } from "@/lib/auth/roles";
import { requireStaff } from "@/lib/auth/require-staff";
import { env } from "@/lib/env";
import { dismissNotice } from "./notices/actions";
import { countUnreadNotices, listNotices } from "@/lib/notifications/notices";

const BANNER_NOTICES = 3;

export default async function StaffLayout({ children }: { children: ReactNode }) {
  const { user, organisationId, organisationName } = await requireStaff();
  const [unread, bannerNotices] = await Promise.all([
    can(user.role, "view-notices") ? countUnreadNotices(organisationId) : null,
    can(user.role, "dismiss-notices")
      ? listNotices(organisationId, { unreadOnly: true, limit: BANNER_NOTICES })
      : [],
  ]);
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <TopBar
        user={user}
        organisationName={organisationName}
        homeHref={homePathFor(user.role)}
        navItems={navItemsFor(user.role, { mailboxEnabled: !env().SMTP_URL })}
        unreadNotices={unread}
      />
      <NoticesBanner
        notices={bannerNotices}
        moreCount={Math.max(0, (unread ?? 0) - bannerNotices.length)}
        dismissAction={dismissNotice}
      />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-[120rem] flex-1 px-4 py-6 outline-none lg:px-6 2xl:px-8"
      >
        {children}
      </main>
    </div>
  );
}
