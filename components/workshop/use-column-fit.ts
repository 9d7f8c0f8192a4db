"use client";
// How a workshop-screen column shows its jobs without ever scrolling: as cards when they all fit; else
// the first (longest in stage) as cards for as long as they fit whole, and the rest as one line each;
// else every job as one line; else one page of lines at a time. Measured in the browser, because what
// fits depends on the screen: start from cards, and step down while the column's box overflows. Starts
// again whenever the box's height or what the jobs show changes, and checks again when a page turns
// (a page of taller rows takes fewer of them).
//
// Cards were all or nothing: three cards that each wrap their pills onto three lines need a little more
// than a 720p column, so all three became one-line rows above two-thirds of an empty column.
import { useLayoutEffect, useRef, useState, type RefObject } from "react";

export type ColumnFit = {
  /** How many of the jobs on show, from the first, are drawn as cards; the others are rows. */
  cards: number;
  /** Rows a page when even rows do not all fit; null: one page. */
  pageSize: number | null;
};

const ALL_CARDS: ColumnFit = { cards: Number.POSITIVE_INFINITY, pageSize: null };

/**
 * `jobsKey` changes whenever what the jobs show may change their size (which jobs, their time, ageing
 * and work items); `pageKey` whenever another page is on show.
 */
export function useColumnFit(
  jobsKey: string,
  pageKey: string,
  list: RefObject<HTMLElement | null>,
): {
  box: RefObject<HTMLDivElement | null>;
  fit: ColumnFit;
} {
  const box = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<ColumnFit>(ALL_CARDS);
  const [height, setHeight] = useState(0);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(Math.round(element.clientHeight)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const measuredFor = useRef("");
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const next = nextFit(element, list.current, fit, measuredFor.current !== `${jobsKey}@${height}`);
    measuredFor.current = `${jobsKey}@${height}`;
    // Measuring the layout is what this effect is for: each step renders once more, a few times at most.
    if (next !== fit) setFit(next);
  }, [jobsKey, pageKey, height, fit, list]);

  return { box, fit };
}

/** The next step down (or the same fit once nothing overflows); from cards again after a change. */
function nextFit(box: HTMLElement, list: HTMLElement | null, fit: ColumnFit, changed: boolean): ColumnFit {
  if (changed && fit !== ALL_CARDS) return ALL_CARDS;
  if (box.scrollHeight <= box.clientHeight + 1) return fit;
  const items = list ? [...list.children].filter((item) => item instanceof HTMLElement) : [];
  if (fit.cards > 0) {
    // Keep the cards that are whole in the box, one fewer each time the rows under them do not fit.
    const bottom = box.getBoundingClientRect().bottom + 1;
    const whole = items
      .slice(0, Math.min(fit.cards, items.length))
      .filter((item) => item.getBoundingClientRect().bottom <= bottom).length;
    return { cards: Math.min(fit.cards - 1, whole), pageSize: null };
  }
  const first = items[0];
  if (!list || !first) return fit;
  const gap = parseFloat(getComputedStyle(list).rowGap) || 0;
  const rowHeight = first.offsetHeight + gap;
  // One row's height is kept for the page indicator under the list.
  const fitting = Math.floor((box.clientHeight + gap) / rowHeight) - 1;
  const pageSize = Math.max(1, fit.pageSize === null ? fitting : fit.pageSize - 1);
  return pageSize === fit.pageSize ? fit : { cards: 0, pageSize };
}
