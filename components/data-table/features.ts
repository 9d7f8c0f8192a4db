// The TanStack Table (v9) features of a server-fed table: the server sorts, filters and pages; the
// table holds the sort and page state (controlled from the URL), the row selection, and hidden columns
// (a column may exist only to carry a sort key for a combined header).
import {
  columnVisibilityFeature,
  metaHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";

export type DataTableColumnMeta = {
  /** The column's name for people where the header is not text (checkbox column, screen readers). */
  label?: string;
  /** Width, alignment and responsive classes of the column's cells and header. */
  className?: string;
  /** Numbers line up on the right. */
  align?: "start" | "end";
};

export const serverTableFeatures = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type ServerTableFeatures = typeof serverTableFeatures;
