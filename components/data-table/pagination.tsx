"use client";
// Pages of a server-fed table: where we are ("26–50 of 341"), the page size, and real links to the
// first, previous, next and last pages (they open in a new tab, survive a reload, need no script).
import Link from "next/link";
import { useId } from "react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

export type PaginationProps = {
  /** Null when unknown (the last page of a list whose count is capped). */
  page: number | null;
  /** Null when the count is capped ("10,000+"): no page count, "Page N" alone. */
  pageCount: number | null;
  pageSize: number;
  total: number;
  /** The total is a lower bound ("10,000+"). */
  totalIsCapped?: boolean;
  /** Links of a keyset-paged list (null: no such page), in place of hrefForPage's. */
  links?: { first: string | null; previous: string | null; next: string | null; last: string | null };
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
  totalIsCapped = false,
  links,
  pageSizes,
  hrefForPage,
  onPageSizeChange,
  selectedCount = 0,
}: PaginationProps) {
  const sizeId = useId();
  const number = new Intl.NumberFormat("en-GB");
  const at = page ?? 1;
  const lastPage = pageCount ?? Number.POSITIVE_INFINITY;
  const hrefs = links ?? {
    first: at > 1 ? hrefForPage(1) : null,
    previous: at > 1 ? hrefForPage(at - 1) : null,
    next: at < lastPage ? hrefForPage(at + 1) : null,
    last: at < lastPage ? hrefForPage(lastPage) : null,
  };
  const first = total === 0 ? 0 : Math.min(total, (at - 1) * pageSize + 1);
  const last = Math.min(total, at * pageSize);
  return (
    <nav
      aria-label="Pages"
      className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm text-slate-700"
    >
      <p aria-live="polite" className="tabular-nums">
        {total === 0 ? (
          "No rows"
        ) : page === null || (totalIsCapped && first > total) ? (
          <>
            of <span className="font-medium text-slate-900">{number.format(total)}+</span>
          </>
        ) : (
          <>
            <span className="font-medium text-slate-900">
              {number.format(first)}–{number.format(last)}
            </span>{" "}
            of{" "}
            <span className="font-medium text-slate-900">
              {number.format(total)}
              {totalIsCapped ? "+" : ""}
            </span>
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
          {page === null
            ? "Last page"
            : pageCount === null
              ? `Page ${number.format(page)}`
              : `Page ${number.format(Math.min(page, pageCount))} of ${number.format(pageCount)}`}
        </span>
        <div className="flex items-center gap-1">
          <PageLink href={hrefs.first} label="First page" glyph="«" />
          <PageLink href={hrefs.previous} label="Previous page" glyph="‹" />
          <PageLink href={hrefs.next} label="Next page" glyph="›" />
          <PageLink href={hrefs.last} label="Last page" glyph="»" />
        </div>
      </div>
    </nav>
  );
}

function PageLink({ href, label, glyph }: { href: string | null; label: string; glyph: string }) {
  const classes = buttonClasses({
    variant: "secondary",
    size: "sm",
    className: "w-8 px-0 text-base pointer-coarse:w-11",
  });
  if (href === null) {
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
