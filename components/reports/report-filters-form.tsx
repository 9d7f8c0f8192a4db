// The reports' filters as a plain GET form: the URL holds the view (shareable, works without script).
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { ReportFilters } from "@/lib/reports/report-filters";

export function ReportFiltersForm({
  filters,
  sites,
}: {
  filters: ReportFilters;
  sites: { id: string; name: string; code: string }[];
}) {
  return (
    <form
      method="get"
      action="/reports"
      aria-label="Report filters"
      className="mb-6 grid grid-cols-2 items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-5"
    >
      <div className="min-w-0">
        <Label htmlFor="report-from">From</Label>
        <Input id="report-from" name="from" type="date" defaultValue={filters.from} className="mt-1 w-full" />
      </div>
      <div className="min-w-0">
        <Label htmlFor="report-to">To</Label>
        <Input id="report-to" name="to" type="date" defaultValue={filters.to} className="mt-1 w-full" />
      </div>
      <div className="min-w-0">
        <Label htmlFor="report-site">Site</Label>
        <Select id="report-site" name="site" defaultValue={filters.siteId ?? ""} className="mt-1">
          <option value="">All sites</option>
          {sites.map((site) => (
            <option key={site.id} value={site.id}>
              {site.name} ({site.code})
            </option>
          ))}
        </Select>
      </div>
      <div className="min-w-0">
        <Label htmlFor="report-area">Business area</Label>
        <Select id="report-area" name="area" defaultValue={filters.area ?? ""} className="mt-1">
          <option value="">Both</option>
          <option value="Retail">Retail</option>
          <option value="Fleet">Fleet</option>
        </Select>
      </div>
      <div className="col-span-2 flex gap-2 sm:col-span-1">
        <button type="submit" className={buttonClasses({ variant: "primary" })}>
          Apply
        </button>
        <Link href="/reports" className={buttonClasses({ variant: "ghost" })}>
          Reset
        </Link>
      </div>
    </form>
  );
}
