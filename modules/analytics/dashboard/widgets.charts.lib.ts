/**
 * ECharts options per chart type from a query result and the widget's mapping, and the
 * server-side SVG of the first paint (the instance is always disposed). Tables and KPIs are
 * drawn as HTML, so they have no option.
 * ECharts itself (over 10 MB of heap) is loaded on first use (shared/lazy.ts), not at start. The
 * views draw the first paint synchronously while they render, so whatever renders a chart — a
 * page, a fragment, an export, a mail job — awaits `chartsReady()` first.
 */
import { lazy } from "../../../shared/lazy.ts";
import type { QueryResult } from "../query/query.types.schemas.ts";
import type { ChartType } from "./widgets.schemas.ts";
import { toNumber } from "./widgets.rules.ts";

type Option = Record<string, unknown>;

/** The loaded library: set by `chartsReady()`, null until then. */
let echarts: typeof import("echarts") | null = null;

/**
 * Loads ECharts, once per process (a failed load is tried again by the next caller). Await it
 * before rendering anything that calls `renderSvg` (the dashboard views through
 * cache.svg.lib.ts): rendering cannot wait for an import.
 */
export const chartsReady: () => Promise<void> = lazy(async () => {
  echarts ??= await import("echarts");
});

interface Mapping {
  category?: string;
  value?: string;
  series?: string;
}

const text = (v: unknown) => v === null || v === undefined ? "" : String(v);

/** Shows a coded value by its label (the value stays the key a click filters by). */
function labeller(result: QueryResult, name: string | undefined) {
  const col = result.columns.find((c) => c.name === name);
  const labels = new Map((col?.values ?? []).map((v) => [v.value, v.label]));
  const dated = col?.type === "date" || col?.type === "datetime";
  return (v: unknown) => {
    const s = v instanceof Date ? v.toISOString() : text(v);
    return labels.get(s) ?? (dated ? s.slice(0, 10) : s);
  };
}

const keyOf = (v: unknown) => v instanceof Date ? v.toISOString().slice(0, 10) : text(v);

/** The raw category values in drawing order: a click on point i filters by keys[i]. */
export function categoryKeys(result: QueryResult, m: Mapping): string[] {
  const out: string[] = [];
  for (const r of result.rows) {
    const s = keyOf(r[m.category ?? ""]);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** Categories in first-seen order and, per series value, the values by category. */
function pivot(result: QueryResult, m: Mapping) {
  const cats: string[] = [];
  const series = new Map<string, Map<string, number | null>>();
  const cat = labeller(result, m.category), ser = labeller(result, m.series);
  for (const r of result.rows) {
    const c = cat(r[m.category ?? ""]);
    if (!cats.includes(c)) cats.push(c);
    const s = m.series ? ser(r[m.series]) : "";
    if (!series.has(s)) series.set(s, new Map());
    series.get(s)!.set(c, toNumber(r[m.value ?? ""]));
  }
  return { cats, series };
}

function axisChart(
  result: QueryResult,
  m: Mapping,
  type: "bar" | "line" | "area",
  stacked?: boolean,
) {
  const { cats, series } = pivot(result, m);
  const valueLabel = result.columns.find((c) => c.name === m.value)?.label ?? "";
  return {
    xAxis: { type: "category", data: cats },
    yAxis: { type: "value" },
    legend: series.size > 1 ? {} : false,
    series: [...series].map(([name, values]) => ({
      name: name || valueLabel,
      type: type === "area" ? "line" : type,
      ...(type === "area" ? { areaStyle: {} } : {}),
      ...(stacked ? { stack: "all" } : {}),
      data: cats.map((c) => values.get(c) ?? 0),
    })),
  };
}

function pieChart(result: QueryResult, m: Mapping, donut: boolean) {
  const cat = labeller(result, m.category);
  return {
    legend: false,
    series: [{
      type: "pie",
      ...(donut ? { radius: ["40%", "65%"] } : { radius: "62%" }),
      data: result.rows.map((r) => ({
        name: cat(r[m.category ?? ""]),
        key: keyOf(r[m.category ?? ""]),
        value: toNumber(r[m.value ?? ""]) ?? 0,
      })),
    }],
  };
}

/** The echarts option of a widget, or null for the HTML kinds (table, KPI). */
export function chartOption(
  type: ChartType,
  result: QueryResult,
  m: Mapping,
  opts: { stacked?: boolean; max?: number } = {},
): Option | null {
  switch (type) {
    case "bar":
    case "line":
    case "area":
      return axisChart(result, m, type, opts.stacked);
    case "pie":
    case "donut":
      return pieChart(result, m, type === "donut");
    case "scatter":
      return {
        xAxis: { type: "value", scale: true },
        yAxis: { type: "value", scale: true },
        legend: false,
        series: [{
          type: "scatter",
          data: result.rows.map((r) => [toNumber(r[m.category ?? ""]), toNumber(r[m.value ?? ""])]),
        }],
      };
    case "funnel": {
      const cat = labeller(result, m.category);
      const data = result.rows.map((r) => ({
        name: cat(r[m.category ?? ""]),
        key: keyOf(r[m.category ?? ""]),
        value: toNumber(r[m.value ?? ""]) ?? 0,
      })).sort((a, b) => b.value - a.value);
      return { legend: false, series: [{ type: "funnel", left: "10%", width: "80%", data }] };
    }
    case "gauge": {
      const value = toNumber(result.rows[0]?.[m.value ?? ""]) ?? 0;
      const max = opts.max ?? Math.max(10, Math.ceil(value * 1.25));
      return {
        legend: false,
        series: [{ type: "gauge", min: 0, max, progress: { show: true }, data: [{ value }] }],
      };
    }
    case "heatmap": {
      const { cats, series } = pivot(result, m);
      const rows = [...series.keys()];
      const data: [number, number, number][] = [];
      let top = 0;
      rows.forEach((s, y) =>
        cats.forEach((c, x) => {
          const v = series.get(s)!.get(c) ?? 0;
          top = Math.max(top, v);
          data.push([x, y, v]);
        })
      );
      return {
        legend: false,
        xAxis: { type: "category", data: cats },
        yAxis: { type: "category", data: rows },
        grid: { bottom: 48 },
        visualMap: {
          min: 0,
          max: Math.max(1, top),
          orient: "horizontal",
          left: "center",
          bottom: 0,
          calculable: true,
        },
        series: [{ type: "heatmap", data, label: { show: cats.length * rows.length <= 60 } }],
      };
    }
    default:
      return null;
  }
}

/**
 * The first paint: the option as an SVG string, rendered without animation. Synchronous, so the
 * views can call it; throws when `chartsReady()` was not awaited before (a caller that forgot it
 * fails here rather than drawing nothing).
 */
export function renderSvg(option: Option, width = 480, height = 260): string {
  if (!echarts) {
    throw new Error(
      "ECharts is not loaded: await chartsReady() (widgets.charts.lib.ts) before rendering a chart",
    );
  }
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    const axes = "xAxis" in option;
    chart.setOption({
      animation: false,
      ...(axes ? { grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true } } : {}),
      ...option,
      legend: option.legend === false ? { show: false } : { bottom: 0, type: "scroll" },
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/**
 * The SVG as it may sit inside a page under the strict CSP (no inline styles): style
 * attributes become presentation attributes and <style> blocks (hover effects) are dropped;
 * the client's chart brings the interaction back.
 */
export function cspSafeSvg(svg: string): string {
  return svg
    .replace(/<style\b[\s\S]*?<\/style>/g, "")
    .replace(
      / style="([^"]*)"/g,
      (_m, css: string) =>
        css.split(";").map((d) => d.split(":")).filter(([k, v]) => k?.trim() && v !== undefined)
          .map(([k, ...v]) => ` ${k.trim()}="${v.join(":").trim()}"`).join(""),
    );
}
