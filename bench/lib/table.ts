// Result tables: aligned text for the terminal, and the same rows as markdown for docs/performance.md.
export type Row = Record<string, string | number | null | undefined>;

export function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}\n${textTable(rows)}`);
}

export function textTable(rows: Row[]): string {
  const columns = columnsOf(rows);
  const cells = rows.map((row) => columns.map((column) => cell(row[column])));
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...cells.map((line) => (line[index] ?? "").length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, index) => value.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(columns), line(widths.map((width) => "-".repeat(width))), ...cells.map(line)].join("\n");
}

export function markdownTable(rows: Row[]): string {
  const columns = columnsOf(rows);
  const line = (values: string[]) => `| ${values.join(" | ")} |`;
  return [
    line(columns),
    line(columns.map(() => "---")),
    ...rows.map((row) => line(columns.map((column) => cell(row[column])))),
  ].join("\n");
}

function columnsOf(rows: Row[]): string[] {
  return [...new Set(rows.flatMap((row) => Object.keys(row)))];
}

function cell(value: Row[string]): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number") {
    if (Number.isInteger(value)) return String(value);
    return Math.abs(value) < 10 ? value.toFixed(2) : value.toFixed(1);
  }
  return value;
}
