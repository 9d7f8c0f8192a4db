"use client";
// Pages of a server-fed table: where we are ("26–50 of 341"), the page size, and real links to the
// first, previous, next and last pages (they open in a new tab, survive a reload, need no script).
import Link from "next/link";
import { useId } from "react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

export type PaginationProps = {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  hrefForPage: (page: number) => string;
  onPageSizeChange: (pageSize: number) => void;
  /** Rows selected across pages (shown when any). */
  selectedCount?: number;
};

export function Pagination({
  page,
  pageCount,
  pageSize,
  total,
  pageSizes,
  hrefForPage,
  onPageSizeChange,
  selectedCount = 0,
}: PaginationProps) {
  const sizeId = useId();
  const first = total === 0 ? 0 : Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  const number = new Intl.NumberFormat("en-GB");
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm text-slate-700"
    >
      <p aria-live="polite" className="tabular-nums">
        {total === 0 ? (
          "No rows"
        ) : (
          <>
            <span className="font-medium text-slate-900">
              {number.format(first)}–{number.format(last)}
            </span>{" "}
            of <span className="font-medium text-slate-900">{number.format(total)}</span>
          </>
        )}
        {selectedCount > 0 ? <span className="ml-2 text-blue-800">· {selectedCount} selected</span> : null}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-slate-600">
            Rows per page
          </label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
            className="h-8 rounded-md pointer-coarse:h-11 border border-slate-300 bg-white px-2 text-sm shadow-sm hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {[...new Set([...pageSizes, pageSize])]
              .sort((a, b) => a - b)
              .map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
          </select>
        </div>
        <span className="text-slate-600 tabular-nums">
          Page {number.format(Math.min(page, pageCount))} of {number.format(pageCount)}
        </span>
        <div className="flex items-center gap-1">
          <PageLink href={hrefForPage(1)} disabled={page <= 1} label="First page" glyph="«" />
          <PageLink href={hrefForPage(page - 1)} disabled={page <= 1} label="Previous page" glyph="‹" />
          <PageLink href={hrefForPage(page + 1)} disabled={page >= pageCount} label="Next page" glyph="›" />
          <PageLink href={hrefForPage(pageCount)} disabled={page >= pageCount} label="Last page" glyph="»" />
        </div>
      </div>
    </nav>
  );
}

function PageLink({
  href,
  disabled,
  label,
  glyph,
}: {
  href: string;
  disabled: boolean;
  label: string;
  glyph: string;
}) {
  const classes = buttonClasses({
    variant: "secondary",
    size: "sm",
    className: "w-8 px-0 text-base pointer-coarse:w-11",
  });
  if (disabled) {
    return (
      <span
        aria-disabled="true"
        role="link"
        aria-label={label}
        className={cn(classes, "pointer-events-none")}
      >
        <span aria-hidden="true">{glyph}</span>
      </span>
    );
  }
  return (
    <Link href={href} scroll={false} aria-label={label} title={label} className={classes}>
      <span aria-hidden="true">{glyph}</span>
    </Link>
  );
}
