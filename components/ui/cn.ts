/** Joins class names, skipping falsy ones. Pass className for layout (margins, widths), not to restyle. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

/** The focus ring every interactive element shares (keyboard focus only). */
export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";
