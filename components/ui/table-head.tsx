// The header row of the staff pages' plain tables (endpoints, API keys, attempts, workshop screens):
// one look, column scopes for screen readers, and a hidden label for an actions column.
import { cn } from "./cn";

export type TableColumn = { label: string; align?: "right"; hidden?: boolean };

export function TableHead({ columns, className }: { columns: (string | TableColumn)[]; className?: string }) {
  return (
    <thead
      className={cn("border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase", className)}
    >
      <tr>
        {columns.map((column) => {
          const { label, align, hidden } = typeof column === "string" ? { label: column } : column;
          return (
            <th
              key={label}
              scope="col"
              className={cn("px-4 py-2.5 font-medium", align === "right" && "text-right")}
            >
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
