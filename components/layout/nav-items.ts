// The shell's navigation: every staff page is reached from here. Add a page by adding an entry with
// the capability that may open it (lib/auth/roles.ts); the page itself guards with requireStaff().
import { can, type Capability } from "@/lib/auth/roles";
import type { UserRole } from "@/lib/generated/prisma/enums";

export type NavIcon =
  "board" | "new-movement" | "prep-jobs" | "reports" | "integrations" | "users" | "mailbox" | "system";

export type NavItem = {
  href: string;
  label: string;
  icon: NavIcon;
  /** Paths that light this item up (aria-current); the longest match wins. Defaults to [href]. */
  activeFor?: string[];
};

type NavEntry = NavItem & { capability: Capability; developmentMailbox?: boolean };

const NAV_ENTRIES: NavEntry[] = [
  {
    href: "/board",
    label: "Board",
    icon: "board",
    capability: "view-board",
    activeFor: ["/board", "/movements"],
  },
  { href: "/movements/new", label: "New movement", icon: "new-movement", capability: "dispatch" },
  { href: "/prep-jobs", label: "Prep jobs", icon: "prep-jobs", capability: "view-prep-jobs" },
  { href: "/reports", label: "Reports", icon: "reports", capability: "view-reports" },
  { href: "/integrations", label: "Integrations", icon: "integrations", capability: "manage-integrations" },
  { href: "/users", label: "Users", icon: "users", capability: "manage-users" },
  { href: "/settings/branding", label: "Branding", icon: "integrations", capability: "manage-organisation" },
  { href: "/system", label: "System", icon: "system", capability: "view-system" },
  {
    href: "/mailbox",
    label: "Mailbox",
    icon: "mailbox",
    capability: "view-mailbox",
    developmentMailbox: true,
  },
];

export function navItemsFor(role: UserRole, options: { mailboxEnabled: boolean }): NavItem[] {
  return NAV_ENTRIES.filter(
    (entry) => can(role, entry.capability) && (!entry.developmentMailbox || options.mailboxEnabled),
  ).map(({ href, label, icon, activeFor }) => ({ href, label, icon, activeFor }));
}

/** The item the current path belongs to: the one with the longest matching path. */
export function activeNavHref(items: NavItem[], pathname: string): string | null {
  let best: { href: string; length: number } | null = null;
  for (const item of items) {
    for (const prefix of item.activeFor ?? [item.href]) {
      const matches = pathname === prefix || pathname.startsWith(`${prefix}/`);
      if (matches && (!best || prefix.length > best.length))
        best = { href: item.href, length: prefix.length };
    }
  }
  return best?.href ?? null;
}
