/**
 * An echarts chart: the option travels as JSON in a data attribute and /assets/charts.js draws
 * it (our CSP allows no inline script). `label` names the chart for screen readers; give a
 * table of the same figures nearby where the numbers matter.
 */
export function Chart(
  { option, label, height = 280, id }: {
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
