// Display links (workshop screens): the admin form's input and what the admin list shows.
import { z } from "zod";

export const createDisplayLinkInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "Give the screen a name, e.g. “Workshop TV”")
    .max(80, "At most 80 characters"),
  siteId: z.string().min(1, "Choose a prep site").max(64),
});
export type CreateDisplayLinkInput = z.infer<typeof createDisplayLinkInput>;

export type DisplayLinkSummary = {
  id: string;
  name: string;
  site: { id: string; name: string; code: string };
  createdAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
};
