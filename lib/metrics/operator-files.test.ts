// The alert rules and the Grafana dashboard shipped for operators (docs/operations.md, "Monitoring"):
// every series they query is one the service exports, and the alerts issue 18 asks for are there. A
// renamed metric fails here, not silently on an operator's dashboard.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import client from "prom-client";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { registerMetrics } from "@/lib/metrics/register-metrics";

type AlertRule = {
  alert: string;
  expr: string;
  for?: string;
  labels?: { severity?: string };
  annotations?: { summary?: string; description?: string };
};
type Panel = { title?: string; targets?: { expr?: string }[]; panels?: Panel[] };

const rules = (
  parse(readFileSync("docs/prometheus-alerts.yml", "utf8")) as { groups: { rules: AlertRule[] }[] }
).groups.flatMap((group) => group.rules);
const dashboard = JSON.parse(readFileSync("docs/grafana-dashboard.json", "utf8")) as { panels: Panel[] };

/** The series names the registry exposes: a histogram's _bucket, _sum and _count, a counter's own. */
function exportedSeries(): Set<string> {
  registerMetrics();
  const names = new Set<string>();
  for (const metric of client.register.getMetricsAsArray()) {
    const { name, type } = metric as unknown as { name: string; type: string };
    names.add(name);
    if (type === "histogram" || type === "summary") {
      for (const suffix of ["_bucket", "_sum", "_count"]) names.add(`${name}${suffix}`);
    }
  }
  return names;
}

/** The service's series an expression reads (its vms_* names; `up` is Prometheus's own). */
function seriesIn(expr: string): string[] {
  return [...expr.matchAll(/\bvms_[a-z0-9_]+/g)].map((match) => match[0]);
}

function expressions(panels: Panel[]): { where: string; expr: string }[] {
  return panels.flatMap((panel) => [
    ...(panel.targets ?? []).flatMap((target) =>
      target.expr ? [{ where: panel.title ?? "(untitled)", expr: target.expr }] : [],
    ),
    ...expressions(panel.panels ?? []),
  ]);
}

/** Prometheus's own checker (Debian's prometheus package; .ci/run installs it). */
const promtool = spawnSync("promtool", ["--version"]).status === 0;

describe("the operator files", () => {
  const exported = exportedSeries();

  it("alert only on series the service exports", () => {
    for (const rule of rules) {
      const unknown = seriesIn(rule.expr).filter((name) => !exported.has(name));
      expect(unknown, rule.alert).toEqual([]);
    }
  });

  it("chart only series the service exports, and chart something", () => {
    const queries = expressions(dashboard.panels);
    expect(queries.length).toBeGreaterThan(10);
    for (const { where, expr } of queries) {
      expect(
        seriesIn(expr).filter((name) => !exported.has(name)),
        where,
      ).toEqual([]);
    }
  });

  it("alert on what issue 18 names, each with a wait, a severity and words for the person paged", () => {
    const watched = (series: string) => rules.filter((rule) => rule.expr.includes(series));
    expect(watched("vms_webhook_oldest_pending_age_seconds").some((rule) => /> 300\b/.test(rule.expr))).toBe(
      true,
    );
    expect(watched("vms_webhook_deliveries_total")).not.toHaveLength(0);
    expect(watched('status=~"5.."')).not.toHaveLength(0);
    expect(watched("vms_worker_heartbeat_age_seconds").some((rule) => /> 60\b/.test(rule.expr))).toBe(true);
    expect(watched("vms_db_pool_waiting")).not.toHaveLength(0);
    for (const rule of rules) {
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(["page", "ticket"], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.description, rule.alert).toBeTruthy();
    }
  });

  // Skipped, and counted so, on a machine without promtool: `apt-get install prometheus` brings it.
  it.skipIf(!promtool)(
    "are valid rules that fire as docs/prometheus-alerts.test.yml expects (promtool)",
    () => {
      for (const args of [
        ["check", "rules", "prometheus-alerts.yml"],
        ["test", "rules", "prometheus-alerts.test.yml"],
      ]) {
        const run = spawnSync("promtool", args, { cwd: "docs", encoding: "utf8" });
        expect(run.status, `promtool ${args.join(" ")}\n${run.stdout}${run.stderr}`).toBe(0);
      }
    },
  );
});
