"use client";
// Saved views: the current filters and sort under a name, per user; applying one is following its link.
import Link from "next/link";
import { useId, useState, useTransition, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/field-error";
import { HydratedForm } from "@/components/ui/hydrated-form";
import { CloseIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Popover, usePopoverClose } from "@/components/ui/popover";
import type { SavedViewItem } from "@/lib/movement-requests/board/saved-views";
import type { BoardActions } from "./board-actions";

export function SavedViewsMenu({
  views,
  currentQuery,
  pathname,
  actions,
}: {
  views: SavedViewItem[];
  /** The board's current query string, without page or panel. */
  currentQuery: string;
  pathname: string;
  actions: Pick<BoardActions, "saveView" | "deleteView">;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const active = views.find((view) => view.query === currentQuery);

  const save = () => {
    setError(null);
    startTransition(async () => {
      const result = await actions.saveView({ name, query: currentQuery });
      if (result.ok) setName("");
      else setError(result.message);
    });
  };
  const remove = (viewId: string) => {
    setError(null);
    startTransition(async () => {
      const result = await actions.deleteView(viewId);
      if (!result.ok) setError(result.message);
    });
  };

  return (
    <Popover
      align="end"
      label={
        <span className="max-w-40 truncate">
          {active ? (
            <>
              View: <strong className="font-semibold">{active.name}</strong>
            </>
          ) : (
            "Saved views"
          )}
        </span>
      }
      panelClassName="w-80"
    >
      <div className="space-y-2">
        {views.length ? (
          <ul aria-label="Saved views" className="max-h-72 space-y-0.5 overflow-y-auto">
            {views.map((view) => (
              <li key={view.id} className="group flex items-center gap-1">
                <ViewLink
                  href={view.query ? `${pathname}?${view.query}` : pathname}
                  aria-current={view === active || undefined}
                  className={cn(
                    "min-w-0 flex-1 truncate rounded px-2 py-1.5 hover:bg-slate-100",
                    view === active && "bg-blue-50 font-medium text-blue-900",
                    focusRing,
                  )}
                >
                  {view.name}
                </ViewLink>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete the view ${view.name}`}
                  title="Delete"
                  disabled={pending}
                  onClick={() => remove(view.id)}
                  className="w-8 px-0 text-slate-500 pointer-coarse:w-11"
                >
                  <CloseIcon className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-2 py-1 text-slate-600">
            No saved views yet. Filter and sort the board, then save it here.
          </p>
        )}
        <HydratedForm
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) save();
          }}
          className="border-t border-slate-200 pt-2"
        >
          <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
            Save the current view as
          </label>
          <div className="flex gap-2">
            <Input
              id={id}
              value={name}
              maxLength={60}
              placeholder="e.g. Late Fleet jobs"
              onChange={(event) => setName(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <Button type="submit" disabled={!name.trim()} loading={pending}>
              Save
            </Button>
          </div>
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </HydratedForm>
      </div>
    </Popover>
  );
}

/** A saved view's link: following it closes the menu. */
function ViewLink(props: Omit<ComponentProps<typeof Link>, "scroll" | "onClick">) {
  const close = usePopoverClose();
  return <Link {...props} scroll={false} onClick={() => close()} />;
}
