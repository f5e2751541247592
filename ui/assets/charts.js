// Draws every [data-chart] element with echarts (loaded on first need), also after htmx swaps:
// sized by its container, redrawn on resize and theme change, labels kept inside the box.
(function () {
  let loading = null;
  function echartsReady() {
    if (globalThis.echarts) return Promise.resolve(globalThis.echarts);
    loading ??= new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = "/assets/echarts.min.js";
      s.onload = () => resolve(globalThis.echarts);
      s.onerror = reject;
      document.head.appendChild(s);
    });
    return loading;
  }
  const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const dark = () => css("color-scheme") === "dark";

  // Defaults that keep every label visible: axes contain their labels, pie labels wrap
  // and sit outside a smaller pie, legends scroll instead of overflowing.
  function fit(option, width) {
    const o = structuredClone(option);
    const text = css("--text"), muted = css("--muted"), line = css("--line");
    o.backgroundColor = "transparent";
    o.textStyle = { color: text, fontFamily: "inherit", ...(o.textStyle || {}) };
    if (o.xAxis || o.yAxis) {
      const legendBelow = o.legend !== false && [o.series].flat().length > 1;
      o.grid = {
        left: 8,
        right: 16,
        top: 32,
        bottom: legendBelow ? 36 : 8,
        containLabel: true,
        ...(o.grid || {}),
      };
      for (const axis of [o.xAxis, o.yAxis].flat().filter(Boolean)) {
        axis.axisLabel = { color: muted, hideOverlap: true, ...(axis.axisLabel || {}) };
        axis.splitLine = { lineStyle: { color: line }, ...(axis.splitLine || {}) };
        if (axis.type === "category" && axis === o.xAxis && width < 500) {
          axis.axisLabel = { rotate: 30, width: 80, overflow: "truncate", ...axis.axisLabel };
        }
      }
    }
    if (o.legend !== false) {
      o.legend = { type: "scroll", bottom: 0, textStyle: { color: text }, ...(o.legend || {}) };
    }
    for (const s of [o.series].flat().filter(Boolean)) {
      if (s.type === "pie") {
        const narrow = width < 420;
        s.radius ??= narrow ? ["30%", "52%"] : ["38%", "62%"];
        s.center ??= ["50%", "46%"];
        s.avoidLabelOverlap = true;
        s.label = {
          color: text,
          width: Math.max(60, Math.floor(width * (narrow ? 0.22 : 0.18))),
          overflow: "break",
          alignTo: "edge",
          edgeDistance: 4,
          lineHeight: 15,
          ...(s.label || {}),
        };
        s.labelLayout = { hideOverlap: true, ...(s.labelLayout || {}) };
      }
    }
    o.tooltip ??= { trigger: o.xAxis ? "axis" : "item", confine: true };
    return o;
  }

  function render(echarts, el) {
    const option = JSON.parse(el.dataset.chart);
    if (el.dataset.height) el.style.height = el.dataset.height + "px";
    let chart = echarts.getInstanceByDom(el);
    const theme = dark() ? "dark" : null;
    if (chart && chart.__theme !== theme) {
      chart.dispose();
      chart = null;
    }
    if (!chart) {
      chart = echarts.init(el, theme, { renderer: "svg" });
      chart.__theme = theme;
    }
    chart.setOption(fit(option, el.clientWidth || 600), true);
    el.dataset.drawn = "1";
  }

  const observer = "ResizeObserver" in globalThis
    ? new ResizeObserver((entries) => {
      if (!globalThis.echarts) return;
      for (const e of entries) {
        const chart = globalThis.echarts.getInstanceByDom(e.target);
        if (!chart) continue;
        chart.resize(); // the drawing takes the box's new size, then the layout fits it
        render(globalThis.echarts, e.target);
      }
    })
    : null;

  function draw(root) {
    const nodes = (root || document).querySelectorAll("[data-chart]");
    if (!nodes.length) return;
    echartsReady().then((echarts) => {
      nodes.forEach((el) => {
        render(echarts, el);
        observer?.observe(el);
      });
    });
  }
  document.addEventListener("DOMContentLoaded", () => draw(document));
  document.addEventListener("htmx:afterSettle", (e) => draw(e.target));
  document.addEventListener("themechange", () => draw(document));
  matchMedia("(prefers-color-scheme: dark)").addEventListener?.("change", () => draw(document));
})();
