/**
 * Drawn charts kept in memory: drawing an ECharts option as SVG on the server is the page's
 * largest CPU cost, and a kept result gives the same option again. The key is the whole input
 * (option, width, height) of a pure function — not a hash of it, so no collision can ever show
 * one chart for another — and a kept picture holds nothing its key does not: sharing it between
 * requests, users or workspaces reveals nothing. Per instance, least recently used first out.
 */
import { cspSafeSvg, renderSvg } from "../dashboard/widgets.charts.lib.ts";

/** Characters kept in all (keys and pictures): about 32 MB of UTF-16. */
const MAX_CHARS = 16_000_000;
/** Options larger than this (huge scatter plots) are drawn each time, not kept. */
const MAX_KEY_CHARS = 100_000;
const pictures = new Map<string, string>();
let chars = 0;

/**
 * The chart as CSP-safe SVG markup, drawn once per distinct option and size. Drawing needs
 * ECharts loaded: whatever renders a view that calls this awaits `chartsReady()` first.
 */
export function chartSvg(option: Record<string, unknown>, width: number, height: number): string {
  const key = `${width}x${height}:${JSON.stringify(option)}`;
  const kept = pictures.get(key);
  if (kept !== undefined) {
    // Most recently used last: the first key is the one to drop.
    pictures.delete(key);
    pictures.set(key, kept);
    return kept;
  }
  const svg = cspSafeSvg(renderSvg(option, width, height));
  if (key.length <= MAX_KEY_CHARS) {
    pictures.set(key, svg);
    chars += key.length + svg.length;
    while (chars > MAX_CHARS && pictures.size > 1) {
      const [oldKey, oldSvg] = pictures.entries().next().value!;
      pictures.delete(oldKey);
      chars -= oldKey.length + oldSvg.length;
    }
  }
  return svg;
}
