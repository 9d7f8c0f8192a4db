"use client";
// The bell in the top bar: the organisation's notices, with the unread count.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { BellIcon } from "@/components/ui/icons";

export function NoticesLink({ unread }: { unread: number }) {
  const current = usePathname() === "/notices";
  const label = unread === 0 ? "Notices" : `Notices, ${unread} unread`;
  return (
    <Link
      href="/notices"
      aria-label={label}
      aria-current={current ? "page" : undefined}
      title={label}
      className={cn(
        "relative flex size-9 items-center justify-center rounded-md transition-colors pointer-coarse:size-11",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
        current ? "bg-white/12 text-white" : "text-slate-300 hover:bg-white/8 hover:text-white",
      )}
    >
      <BellIcon className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-amber-400 px-1 text-[0.625rem] leading-4 font-bold text-slate-900"
        >
          {unread > 9 ? "9+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
