"use client";
// Copies a text to the clipboard and says so ("Copied", announced to screen readers). Where the
// Clipboard API is unavailable (plain http on a non-local host) it falls back to a hidden textarea.
import { useEffect, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("copy refused");
}

export function CopyButton({
  value,
  label = "Copy",
  accessibleLabel,
  variant = "secondary",
  size = "sm",
  className,
}: {
  value: string;
  label?: string;
  /** A fuller name for screen readers ("Copy the signing secret"). */
  accessibleLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-label={accessibleLabel}
        onClick={() =>
          void copyText(value).then(
            () => setState("copied"),
            () => setState("failed"),
          )
        }
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {state === "copied" ? (
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          ) : (
            <>
              <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
              <path d="M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
            </>
          )}
        </svg>
        {state === "copied" ? "Copied" : label}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied"
          ? "Copied to the clipboard"
          : state === "failed"
            ? "Could not copy: select the text and copy it"
            : ""}
      </span>
    </>
  );
}
