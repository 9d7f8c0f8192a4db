// What the kanban says when a move is refused, by the stage rules in the browser or by the server.
import { positionLabel } from "@/lib/prep-jobs/kanban/board";
import type { PrepJobPosition } from "@/lib/prep-job-stages/stage-rules";

export function refusal(
  name: string,
  from: PrepJobPosition,
  to: PrepJobPosition,
  targets: PrepJobPosition[],
): string {
  const options = targets.length
    ? `From ${positionLabel(from)} it can move to ${targets.map(positionLabel).join(" or ")}.`
    : `Nothing moves it from ${positionLabel(from)} by hand: that happens when its movement does.`;
  return `${name} cannot move from ${positionLabel(from)} to ${positionLabel(to)}. ${options}`;
}

export function serverRefusal(
  name: string,
  from: PrepJobPosition,
  to: PrepJobPosition,
  result: { code?: string; message: string },
): string {
  const stays = `It is back in ${positionLabel(from)}.`;
  if (result.code === "INVALID_STATUS_TRANSITION") {
    return `${name} could not move to ${positionLabel(to)}: it was changed elsewhere meanwhile. The board now shows where it is.`;
  }
  if (result.code === "PREP_JOB_NOT_FOUND") return `${name} is no longer on this board.`;
  return `${name} could not move to ${positionLabel(to)}: ${result.message} ${stays}`;
}
