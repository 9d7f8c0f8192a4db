"use client";
// How a workshop-screen column shows its jobs without ever scrolling: as cards when they all fit, else
// as one line each, else one page of lines at a time. Measured in the browser, because what fits
// depends on the screen: start from cards, and step down while the column's box overflows. Starts
// again whenever the box's height or the jobs in it change.
import { useLayoutEffect, useRef, useState, type RefObject } from "react";

export type ColumnFit = { mode: "cards" | "rows"; pageSize: number | null };

const CARDS: ColumnFit = { mode: "cards", pageSize: null };
const ROWS: ColumnFit = { mode: "rows", pageSize: null };

export function useColumnFit(
  jobsKey: string,
  rows: RefObject<HTMLElement | null>,
): {
  box: RefObject<HTMLDivElement | null>;
  fit: ColumnFit;
} {
  const box = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<ColumnFit>(CARDS);
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
    const next = nextFit(element, rows.current, fit, measuredFor.current !== `${jobsKey}@${height}`);
    measuredFor.current = `${jobsKey}@${height}`;
    // Measuring the layout is what this effect is for: each step renders once more, a few times at most.
    if (next !== fit) setFit(next);
  }, [jobsKey, height, fit, rows]);

  return { box, fit };
}

/** The next step down (or the same fit once nothing overflows); from cards again after a change. */
function nextFit(box: HTMLElement, list: HTMLElement | null, fit: ColumnFit, changed: boolean): ColumnFit {
  if (changed && fit !== CARDS) return CARDS;
  if (box.scrollHeight <= box.clientHeight + 1) return fit;
  if (fit.mode === "cards") return ROWS;
  const first = list?.firstElementChild;
  if (!list || !(first instanceof HTMLElement)) return fit;
  const gap = parseFloat(getComputedStyle(list).rowGap) || 0;
  const rowHeight = first.offsetHeight + gap;
  // One row's height is kept for the page indicator under the list.
  const fitting = Math.floor((box.clientHeight + gap) / rowHeight) - 1;
  const pageSize = Math.max(1, fit.pageSize === null ? fitting : fit.pageSize - 1);
  return pageSize === fit.pageSize ? fit : { mode: "rows", pageSize };
}
