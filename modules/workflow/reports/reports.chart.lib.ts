/**
 * Charts rendered on the server (echarts SSR) for the report archive. ECharts (over 10 MB of
 * heap) is loaded by the first archived chart (shared/lazy.ts), not at start: only the archive
 * job draws here, and it can wait for the import.
 */
import { lazy } from "../../../shared/lazy.ts";

const charts = lazy(() => import("echarts"));

/** The chart as a standalone SVG document (no animation; the instance is always disposed). */
export async function renderChartSvg(
  option: Record<string, unknown>,
  title = "",
  width = 900,
  height = 450,
): Promise<string> {
  const echarts = await charts();
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  try {
    // What ui/assets/charts.js adds in the browser: a legend below, labels inside the box.
    const axes = "xAxis" in option;
    chart.setOption({
      animation: false,
      backgroundColor: "#ffffff",
      // The archived file stands alone: it carries the report's name and the time taken.
      title: { text: title, left: "center", textStyle: { fontSize: 16 } },
      legend: { type: "plain", bottom: 0 },
      ...(axes ? { grid: { left: 16, right: 24, top: 48, bottom: 40, containLabel: true } } : {}),
      ...option,
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
