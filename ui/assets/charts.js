// Draws every [data-chart] element with echarts (loaded on first need), also after htmx swaps.
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
  function draw(root) {
    const nodes = (root || document).querySelectorAll("[data-chart]");
    if (!nodes.length) return;
    echartsReady().then((echarts) => {
      nodes.forEach((el) => {
        const option = JSON.parse(el.dataset.chart);
        el.style.height = (el.dataset.height || "280") + "px";
        const chart = echarts.getInstanceByDom(el) || echarts.init(el, null, { renderer: "svg" });
        chart.setOption(option, true);
        el.dataset.drawn = "1";
      });
    });
  }
  document.addEventListener("DOMContentLoaded", () => draw(document));
  document.addEventListener("htmx:afterSettle", (e) => draw(e.target));
  globalThis.addEventListener("resize", () => {
    if (!globalThis.echarts) return;
    document.querySelectorAll("[data-chart]").forEach((el) => {
      globalThis.echarts.getInstanceByDom(el)?.resize();
    });
  });
})();
