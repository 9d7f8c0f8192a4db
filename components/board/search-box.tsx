"use client";
// The board's search: part of a VRM, VIN, external id or stock number, sent as the reader pauses
// typing (or presses Enter); Escape clears it. "/" focuses it from anywhere on the board.
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";

const SEARCH_DEBOUNCE_MS = 300;

export function SearchBox({
  value,
  onSearch,
  inputRef,
  className,
}: {
  value: string;
  onSearch: (q: string) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sent = useRef(value);

  // A search set elsewhere (clear filters, a saved view, back button) shows here.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed === sent.current) return;
    sent.current = trimmed;
    onSearch(trimmed);
  };

  return (
    <div className={cn("w-56", className)}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        Search
      </label>
      <div className="relative">
        <svg
          viewBox="0 0 20 20"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500"
        >
          <circle cx="9" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="m13.5 13.5 3.5 3.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <Input
          ref={inputRef}
          id={id}
          type="search"
          value={text}
          placeholder="VRM, VIN or ref"
          title="Part of a VRM, VIN, external id or stock number, or a request id"
          autoComplete="off"
          spellCheck={false}
          aria-keyshortcuts="/"
          onChange={(event) => {
            setText(event.target.value);
            clearTimeout(timer.current);
            const next = event.target.value;
            timer.current = setTimeout(() => send(next), SEARCH_DEBOUNCE_MS);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") send(text);
            if (event.key === "Escape" && text) {
              event.stopPropagation();
              setText("");
              send("");
            }
          }}
          className="pr-8 pl-8"
        />
        <kbd
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-slate-300 bg-slate-50 px-1 font-mono text-[0.625rem] text-slate-500 pointer-coarse:hidden"
        >
          /
        </kbd>
      </div>
    </div>
  );
}
