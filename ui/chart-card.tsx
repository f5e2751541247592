import type { ComponentChildren } from "preact";
import { Card } from "./card.tsx";

/**
 * An echarts chart. The option travels as JSON in a data attribute and ui/assets/charts.js
 * draws it (CSP: no inline script), sized by its container, redrawn on resize and in the
 * page's theme, with labels kept inside the box (pies get outside labels that wrap, axes
 * contain their labels). `label` names it for screen readers; give the figures as a table
 * nearby where the numbers matter.
 *
 * Usage: `<Chart option={{ series: [{ type: "pie", data }] }} label={t("report.byStatus")} />`
 */
export function Chart(
  { option, label, height = 300, id }: {
    option: Record<string, unknown>;
    label: string;
    height?: number;
    id?: string;
  },
) {
  return (
    <div
      id={id}
      class="chart"
      role="img"
      aria-label={label}
      data-chart={JSON.stringify(option)}
      data-height={String(height)}
    >
    </div>
  );
}

/**
 * A chart in a card with its title; `children` go under the chart (a legend table, a note).
 *
 * Usage: `<ChartCard title={t("report.byStatus")} option={option} />`
 */
export function ChartCard(
  { title, option, height, actions, children, id }: {
    title: string;
    option: Record<string, unknown>;
    height?: number;
    actions?: ComponentChildren;
    children?: ComponentChildren;
    id?: string;
  },
) {
  return (
    <Card title={title} actions={actions} id={id} class="chart-card">
      <Chart option={option} label={title} height={height} />
      {children}
    </Card>
  );
}
