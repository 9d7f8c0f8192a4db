"use client";
// A form that only the page's script submits (onSubmit, no server action). The server's HTML shows it at
// once, but until React has hydrated, a Save pressed is the browser's own submit (a GET of the page, the
// fields in its address) and a value typed can be overwritten as the form takes over. So its fields and
// buttons stay disabled until then: one disabled fieldset, which also blocks Enter's implicit submit.
// The fieldset is the form's layout box, so className (space-y, grid, flex) applies to it; both may
// shrink below their content's width (min-w-0), as a grid or flex item must. The fieldset holds its
// children's margins in: an empty first child (a live region) keeps its space-y margin there, where the
// form used to let it collapse, so such a region goes before the form.
import { useEffect, useRef, type ComponentProps } from "react";
import { cn } from "./cn";
import { useHydrated } from "./use-hydrated";

export function HydratedForm({ className, children, ...props }: ComponentProps<"form">) {
  const hydrated = useHydrated();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    // The browser's autofocus met a disabled field: focus it now, unless the person has moved on.
    if (hydrated && document.activeElement === document.body) {
      fieldset.current?.querySelector<HTMLElement>("[autofocus]")?.focus();
    }
  }, [hydrated]);
  return (
    <form {...props} className="min-w-0">
      <fieldset ref={fieldset} disabled={!hydrated} className={cn("min-w-0", className)}>
        {children}
      </fieldset>
    </form>
  );
}
