// One sentence under the kanban's title: when cards turn amber and red at this site, and whether
// ageing counts working hours only.
import type { KanbanBoard } from "@/lib/prep-jobs/kanban/board";

export function AgeingSummary({ board }: { board: KanbanBoard }) {
  const { thresholds, schedule } = board.settings;
  const all = Object.values(thresholds);
  const same = all.every((t) => t.amberHours === all[0]?.amberHours && t.redHours === all[0]?.redHours);
  const unit = schedule ? "working hours" : "h";
  const rule =
    same && all[0]
      ? `Cards turn amber after ${all[0].amberHours} ${unit} and red after ${all[0].redHours} ${unit} in a stage.`
      : `Cards turn amber and red after each stage's own time (${board.columns
          .map(
            (column) =>
              `${column.label} ${thresholds[column.stage].amberHours}/${thresholds[column.stage].redHours} ${unit}`,
          )
          .join(", ")}).`;
  return (
    <>
      {rule}
      {schedule ? " Time in stage counts only the site's opening hours." : null}
    </>
  );
}
