"use client";
// Every filter of the board but the search: status, business area, transport method, origin,
// destination, carrier, ready, deadline and created ranges, late only, at risk only. A row on wide
// screens; a column of full-width fields in the phone's filter sheet.
import { Select } from "@/components/ui/select";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import { UNASSIGNED, type BoardQuery } from "@/lib/movement-requests/board/board-query";
import { AtRiskOnlyToggle, DateRange, Filter, LateOnlyToggle, SiteSelect } from "./filter-controls";
import { StatusFilter } from "./status-filter";

export type BoardQueryChange = (patch: Partial<BoardQuery>, options?: { replace?: boolean }) => void;

export function BoardFilters({
  query,
  options,
  onChange,
  stacked = false,
}: {
  query: BoardQuery;
  options: BoardOptions;
  onChange: BoardQueryChange;
  stacked?: boolean;
}) {
  const width = (desktop: string) => (stacked ? "w-full" : desktop);
  return (
    <>
      <StatusFilter
        selected={query.status}
        onChange={(status) => onChange({ status })}
        className={width("w-44")}
      />
      <Filter label="Business area">
        {(id) => (
          <Select
            id={id}
            value={query.area ?? ""}
            onChange={(event) => onChange({ area: (event.target.value || undefined) as BoardQuery["area"] })}
            className={width("w-32")}
          >
            <option value="">All areas</option>
            <option value="Retail">Retail</option>
            <option value="Fleet">Fleet</option>
          </Select>
        )}
      </Filter>
      <Filter label="Transport method">
        {(id) => (
          <Select
            id={id}
            value={query.method ?? ""}
            onChange={(event) =>
              onChange({ method: (event.target.value || undefined) as BoardQuery["method"] })
            }
            className={width("w-36")}
          >
            <option value="">All methods</option>
            <option value="DRIVEN">Driven</option>
            <option value="TRANSPORTED">Transported</option>
          </Select>
        )}
      </Filter>
      <Filter label="From">
        {(id) => (
          <SiteSelect
            id={id}
            sites={options.sites}
            value={query.origin}
            allLabel="All origins"
            onChange={(origin) => onChange({ origin })}
            className={width("w-40")}
          />
        )}
      </Filter>
      <Filter label="To">
        {(id) => (
          <SiteSelect
            id={id}
            sites={options.sites}
            value={query.destination}
            allLabel="All destinations"
            onChange={(destination) => onChange({ destination })}
            className={width("w-40")}
          />
        )}
      </Filter>
      <Filter label="Carrier">
        {(id) => (
          <CarrierSelect
            id={id}
            options={options}
            value={query.carrier}
            onChange={(carrier) => onChange({ carrier })}
            className={width("w-40")}
          />
        )}
      </Filter>
      <DateRange
        label="Ready"
        from={query.readyFrom}
        to={query.readyTo}
        onChange={(readyFrom, readyTo) => onChange({ readyFrom, readyTo })}
        stacked={stacked}
      />
      <DateRange
        label="Deadline"
        from={query.dueFrom}
        to={query.dueTo}
        onChange={(dueFrom, dueTo) => onChange({ dueFrom, dueTo })}
        stacked={stacked}
      />
      <DateRange
        label="Created"
        from={query.createdFrom}
        to={query.createdTo}
        onChange={(createdFrom, createdTo) => onChange({ createdFrom, createdTo })}
        stacked={stacked}
      />
      <LateOnlyToggle checked={query.late} onChange={(late) => onChange({ late })} />
      <AtRiskOnlyToggle checked={query.atRisk} onChange={(atRisk) => onChange({ atRisk })} />
    </>
  );
}

function CarrierSelect({
  id,
  options,
  value,
  onChange,
  className,
}: {
  id: string;
  options: BoardOptions;
  value: string | undefined;
  onChange: (carrier: string | undefined) => void;
  className: string;
}) {
  const known = [...options.drivers, ...options.providers].some((carrier) => carrier.id === value);
  return (
    <Select
      id={id}
      value={value ?? ""}
      onChange={(event) => onChange(event.target.value || undefined)}
      className={className}
    >
      <option value="">All carriers</option>
      <option value={UNASSIGNED}>Unassigned</option>
      {options.drivers.length ? (
        <optgroup label="Own drivers">
          {options.drivers.map((driver) => (
            <option key={driver.id} value={driver.id}>
              {driver.name}
            </option>
          ))}
        </optgroup>
      ) : null}
      {options.providers.length ? (
        <optgroup label="Logistics partners">
          {options.providers.map((provider) => (
            <option key={provider.id} value={provider.id}>
              {provider.name}
            </option>
          ))}
        </optgroup>
      ) : null}
      {value && value !== UNASSIGNED && !known ? <option value={value}>Other carrier</option> : null}
    </Select>
  );
}
