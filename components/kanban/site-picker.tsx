"use client";
// Chooses the prep site whose board is shown (?site=…), for staff who work at several.
import { useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { KanbanSite } from "@/lib/prep-jobs/kanban/board";

export function SitePicker({ sites, current }: { sites: KanbanSite[]; current: string }) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  return (
    <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
      <Label htmlFor="kanban-site" className="whitespace-nowrap">
        Prep site
      </Label>
      <Select
        id="kanban-site"
        className="min-w-0 flex-1 sm:w-72 sm:flex-none"
        value={current}
        aria-busy={pending || undefined}
        onChange={(event) => {
          const params = new URLSearchParams(searchParams);
          params.set("site", event.target.value);
          startTransition(() => router.push(`?${params.toString()}`));
        }}
      >
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
