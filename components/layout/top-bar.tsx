// The shell's top bar: product and organisation, the role's navigation, notices, who is signed in.
// From 1024 px everything sits in the bar; below, the navigation and the user fold into the menu. A
// role with more pages than fit at 1024 px (an admin's eight) folds them below 1280 px instead, shows
// them without icons in the bar, and the user's name from 1536 px.
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { ROLE_LABEL } from "@/lib/auth/roles";
import type { StaffUser } from "@/lib/auth/require-staff";
import { signOutOfStaff } from "@/lib/auth/sign-in-actions";
import { Brand } from "./brand";
import { MenuButton } from "./menu-button";
import type { NavItem } from "./nav-items";
import { NavLinks } from "./nav-links";
import { NoticesLink } from "./notices-link";
import { SignOutButton } from "./sign-out-button";

export function TopBar({
  user,
  organisationName,
  homeHref,
  navItems,
  unreadNotices,
}: {
  user: StaffUser;
  organisationName: string;
  homeHref: string;
  navItems: NavItem[];
  /** null: this role does not see notices. */
  unreadNotices: number | null;
}) {
  const fold = navItems.length > SHORT_NAV ? FOLD_BELOW_XL : FOLD_BELOW_LG;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-slate-900 text-white">
      <div className="relative mx-auto flex h-14 w-full max-w-[120rem] items-center gap-3 px-4 lg:gap-6 lg:px-6 2xl:px-8">
        <MenuButton className={fold.menu}>
          <NavLinks items={navItems} layout="menu" />
          <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-700 pt-3">
            <UserBadge user={user} />
            <SignOutButton action={signOutOfStaff} />
          </div>
        </MenuButton>
        <Link
          href={homeHref}
          className={cn(
            "flex min-w-0 shrink items-center rounded-md pointer-coarse:min-h-11 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white",
            fold.noShrink,
          )}
        >
          <Brand inverse subtitle={organisationName} />
        </Link>
        <span aria-hidden="true" className={cn("hidden h-6 w-px shrink-0 bg-slate-700", fold.bar)} />
        <NavLinks items={navItems} className={cn("hidden", fold.bar)} icons={fold === FOLD_BELOW_LG} />
        <div className="ml-auto flex shrink-0 items-center gap-1">
          {unreadNotices !== null ? <NoticesLink unread={unreadNotices} /> : null}
          <div className={cn("ml-2 hidden border-l border-slate-700 pl-3", fold.badge)}>
            <UserBadge user={user} />
          </div>
          <div className={cn("hidden", fold.bar)}>
            <SignOutButton action={signOutOfStaff} />
          </div>
        </div>
      </div>
    </header>
  );
}

/** How many pages fit in the bar at 1024 px beside the brand, notices and sign-out. */
const SHORT_NAV = 5;
// Whole class names, so that Tailwind finds them.
const FOLD_BELOW_LG = { menu: "lg:hidden", bar: "lg:block", noShrink: "lg:shrink-0", badge: "xl:block" };
const FOLD_BELOW_XL = { menu: "xl:hidden", bar: "xl:block", noShrink: "", badge: "2xl:block" };

function UserBadge({ user }: { user: StaffUser }) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-700 text-xs font-semibold text-white"
      >
        {initials(user.name)}
      </span>
      <span className="min-w-0 leading-tight">
        <span className="block max-w-48 truncate text-sm font-medium text-white">{user.name}</span>
        <span className="block text-xs text-slate-400">{ROLE_LABEL[user.role]}</span>
      </span>
    </div>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0]];
  return letters.join("").toUpperCase() || "?";
}
