"use client";
// The shell's navigation links; the current page's link is highlighted and marked aria-current.
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import {
  BoardIcon,
  LockIcon,
  MailIcon,
  PlugIcon,
  PlusIcon,
  WrenchIcon,
  type IconProps,
} from "@/components/ui/icons";
import { activeNavHref, type NavIcon, type NavItem } from "./nav-items";

const ICONS: Record<NavIcon, (props: IconProps) => ReactNode> = {
  board: BoardIcon,
  "new-movement": PlusIcon,
  "prep-jobs": WrenchIcon,
  integrations: PlugIcon,
  users: LockIcon,
  mailbox: MailIcon,
};

export function NavLinks({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  const active = activeNavHref(items, pathname);
  return (
    <nav aria-label="Main" className="min-w-0 overflow-x-auto">
      <ul className="flex items-center gap-1">
        {items.map((item) => {
          const Icon = ICONS[item.icon];
          const current = item.href === active;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "relative flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
                  current ? "bg-white/12 text-white" : "text-slate-300 hover:bg-white/8 hover:text-white",
                )}
              >
                <Icon className={cn("size-4", current ? "text-blue-300" : "text-slate-400")} />
                {item.label}
                {current ? (
                  <span
                    aria-hidden="true"
                    className="absolute inset-x-3 -bottom-[10px] h-0.5 rounded-full bg-blue-400"
                  />
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
