// A work item's category in words: the drawer's, the reports' and their CSVs'.
import type { ReconCategory } from "@/lib/generated/prisma/enums";

export const CATEGORY_LABEL: Record<ReconCategory, string> = {
  MECHANICAL: "Mechanical",
  BODY: "Body",
  PAINT: "Paint",
  TYRES: "Tyres",
  GLASS: "Glass",
  VALET: "Valet",
  INSPECTION: "Inspection",
  PHOTOS: "Photos",
  SUBLET: "Sublet",
  OTHER: "Other",
};
