"use client";
// A button that opens a small panel below it (filter pickers, menus of saved views). The panel closes
// on Escape (focus goes back to the button), on a click outside, and when `close()` is called from
// inside (usePopoverClose). It is a disclosure (aria-expanded, aria-controls), not a modal: the page stays usable.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button";
import { cn } from "./cn";

const PopoverCloseContext = createContext<() => void>(() => {});

/** Inside a Popover's panel: closes it and gives focus back to its button (after choosing an item). */
export function usePopoverClose(): () => void {
  return useContext(PopoverCloseContext);
}

export function Popover({
  label,
  children,
  variant = "secondary",
  size = "md",
  align = "start",
  buttonClassName,
  panelClassName,
  ariaLabel,
}: {
  /** The button's content. */
  label: ReactNode;
  /** The panel's content; it closes the panel with usePopoverClose(). */
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  align?: "start" | "end";
  buttonClassName?: string;
  panelClassName?: string;
  /** The button's accessible name when its content is not enough. */
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const element = root.current;
    const onPointerDown = (event: PointerEvent) => {
      if (!element?.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        event.preventDefault();
        close();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    element?.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      element?.removeEventListener("keydown", onKeyDown);
    };
  }, [open, close]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
        className={buttonClasses({ variant, size, className: buttonClassName })}
      >
        {label}
        <svg
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={cn("size-4 text-slate-500 transition-transform", open && "rotate-180")}
        >
          <path d="m6 8 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={cn(
          "absolute top-full z-30 mt-1 min-w-56 rounded-lg border border-slate-200 bg-white p-2 text-sm shadow-lg",
          align === "end" ? "right-0" : "left-0",
          panelClassName,
        )}
      >
        {open ? <PopoverCloseContext value={close}>{children}</PopoverCloseContext> : null}
      </div>
    </div>
  );
}
