// What the board says when a page has no rows: past the end of the rows, nothing matching the
// filters, or no movement at all yet; each with the way out.
import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { BoardIcon, PlusIcon } from "@/components/ui/icons";

export function BoardEmpty({
  total,
  filtered,
  canDispatch,
  onClear,
  firstPageHref,
}: {
  total: number;
  filtered: boolean;
  canDispatch: boolean;
  onClear: () => void;
  firstPageHref: string;
}) {
  if (total > 0) {
    return (
      <EmptyState
        className="rounded-none border-0"
        icon={<BoardIcon />}
        title="This page is past the end"
        description="The rows moved on since this link was made."
        action={
          <Link href={firstPageHref} className={buttonClasses({ variant: "secondary" })}>
            Go to the first page
          </Link>
        }
      />
    );
  }
  if (filtered) {
    return (
      <EmptyState
        className="rounded-none border-0"
        icon={<BoardIcon />}
        title="No movement matches these filters"
        description="Widen the dates, pick other statuses, or search for part of a VRM or VIN."
        action={
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      className="rounded-none border-0"
      icon={<BoardIcon />}
      title="No movements yet"
      description="Movements requested through the API or created here appear on this board as they happen."
      action={
        canDispatch ? (
          <Link href="/movements/new" className={buttonClasses()}>
            <PlusIcon />
            New movement
          </Link>
        ) : undefined
      }
    />
  );
}
