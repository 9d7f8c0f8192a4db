import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WorkshopBoard } from "@/components/workshop/workshop-board";
import { resolveDisplayLink } from "@/lib/prep-jobs/display-links/resolve-display-link";
import { getKanbanBoard, WORKSHOP_CARDS_PER_GROUP } from "@/lib/prep-jobs/kanban/get-kanban-board";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Workshop screen",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

// /display/{token} — a prep site's board for a workshop screen: no sign-in, read-only, live
export default async function WorkshopScreenPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const viewer = await resolveDisplayLink(token);
  if (!viewer) notFound();
  const board = await getKanbanBoard(viewer.organisationId, viewer.site.id, {
    cardsPerGroup: WORKSHOP_CARDS_PER_GROUP,
  });
  const base = `/display/${encodeURIComponent(token)}`;
  return <WorkshopBoard initialBoard={board} boardUrl={`${base}/board`} streamUrl={`${base}/stream`} />;
}
