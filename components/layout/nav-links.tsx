"use client";
// The shell's navigation links; the current page's link is highlighted and marked aria-current.
// "bar": one row in the top bar (wide screens); "menu": a column in the menu panel (phones, tablets).
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import {
  BoardIcon,
  ChartIcon,
  LockIcon,
  MailIcon,
  PlugIcon,
  PlusIcon,
  PulseIcon,
  WrenchIcon,
  type IconProps,
} from "@/components/ui/icons";
import { activeNavHref, type NavIcon, type NavItem } from "./nav-items";

const ICONS: Record<NavIcon, (props: IconProps) => ReactNode> = {
  board: BoardIcon,
  "new-movement": PlusIcon,
  "prep-jobs": WrenchIcon,
  reports: ChartIcon,
  integrations: PlugIcon,
  users: LockIcon,
  mailbox: MailIcon,
  system: PulseIcon,
};

export function NavLinks({
  items,
  layout = "bar",
  className,
  icons = true,
}: {
  items: NavItem[];
  layout?: "bar" | "menu";
  className?: string;
  /** false: labels only, for a bar with many pages. */
  icons?: boolean;
}) {
  const pathname = usePathname();
  const active = activeNavHref(items, pathname);
  const bar = layout === "bar";
  return (
    <nav aria-label="Main" className={cn("min-w-0", bar && "overflow-x-auto", className)}>
      <ul className={cn("flex gap-1", bar ? "items-center" : "flex-col")}>
        {items.map((item) => {
          const Icon = ICONS[item.icon];
          const current = item.href === active;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "relative flex items-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors",
                  // A bar without icons holds many pages (an admin's nine at 1280 px): tighter padding.
                  bar && !icons ? "px-2" : "px-3",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
                  bar ? "h-9 pointer-coarse:h-11" : "h-11 text-base",
                  current ? "bg-white/12 text-white" : "text-slate-300 hover:bg-white/8 hover:text-white",
                )}
              >
                {icons ? (
                  <Icon className={cn("size-4", current ? "text-blue-300" : "text-slate-400")} />
                ) : null}
                {item.label}
                {current && bar ? (
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
