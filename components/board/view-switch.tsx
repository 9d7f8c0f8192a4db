// The board's two views of the same filtered movements, Table and Map: links, so the URL keeps the view
// (and a saved view remembers it).
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import type { BoardQuery } from "@/lib/movement-requests/board/board-query";

export function ViewSwitch({
  view,
  hrefFor,
}: {
  view: BoardQuery["view"];
  hrefFor: (view: BoardQuery["view"]) => string;
}) {
  const tab = (target: BoardQuery["view"], label: string) => (
    <Link
      href={hrefFor(target)}
      scroll={false}
      aria-current={view === target ? "page" : undefined}
      className={cn(
        "rounded-md px-3 py-1.5 text-sm font-medium",
        view === target ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900",
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Board view" className="mb-3 inline-flex gap-1 rounded-lg bg-slate-100 p-1">
      {tab("table", "Table")}
      {tab("map", "Map")}
    </nav>
  );
}
