// The analytics dashboard: gridstack grid (arrange mode saves x, y, w, h via PUT layout), charts
// hydrated from their server-rendered SVG, click → drill-down rows (with a cross-filter link),
// PNG export, auto-refresh and live refresh over SSE; every reload keeps the URL's filters.
(function () {
  const root = document.querySelector(".dash");
  if (!root) return;
  const sheetId = root.dataset.sheet;
  const gridEl = root.querySelector(".grid-stack");
  const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const dark = () => css("color-scheme") === "dark";
  let grid = null;

  function theme(option) {
    const o = structuredClone(option);
    o.backgroundColor = "transparent";
    o.textStyle = { color: css("--text"), fontFamily: "inherit" };
    // richText: the tooltip is drawn inside the chart, not as HTML with inline styles (CSP).
    o.tooltip = {
      trigger: o.xAxis && o.series?.[0]?.type !== "heatmap" ? "axis" : "item",
      confine: true,
      renderMode: "richText",
      ...(o.tooltip || {}),
    };
    if (o.legend === false) o.legend = { show: false };
    else o.legend = { type: "scroll", bottom: 0, textStyle: { color: css("--text") } };
    if (o.xAxis) {
      o.grid = {
        left: 8,
        right: 16,
        top: 24,
        bottom: o.legend.show === false ? 8 : 32,
        containLabel: true,
        ...(o.grid || {}),
      };
    }
    return o;
  }

  function hydrate(scope) {
    if (!globalThis.echarts) return;
    scope.querySelectorAll(".dash-chart").forEach((el) => {
      const option = JSON.parse(el.dataset.option);
      const keys = JSON.parse(el.dataset.keys || "[]");
      const old = echarts.getInstanceByDom(el);
      if (old) old.dispose();
      el.replaceChildren();
      const chart = echarts.init(el, dark() ? "dark" : null, { renderer: "svg" });
      chart.setOption(theme(option), true);
      el.dataset.hydrated = "1";
      const widgetId = el.closest("[data-widget]").dataset.widget;
      if (option.xAxis?.type === "category") {
        // Anywhere in a category's column counts as a click on it (thin bars, lines).
        chart.getZr().on("click", (e) => {
          if (!chart.containPixel("grid", [e.offsetX, e.offsetY])) return;
          const [i] = chart.convertFromPixel({ seriesIndex: 0 }, [e.offsetX, e.offsetY]);
          if (keys[i] !== undefined) drill(widgetId, keys[i]);
        });
      } else {
        chart.on("click", (p) => {
          const key = p.data && typeof p.data === "object" && "key" in p.data
            ? p.data.key
            : keys[p.dataIndex];
          if (key !== undefined) drill(widgetId, String(key));
        });
      }
    });
  }

  function resizeCharts(scope) {
    if (!globalThis.echarts) return;
    scope.querySelectorAll(".dash-chart").forEach((el) => echarts.getInstanceByDom(el)?.resize());
  }

  // `fresh`: past the sheet's result cache (its refresh button).
  async function reload(widgetEl, fresh) {
    const id = widgetEl.dataset.widget;
    const body = widgetEl.querySelector("[data-body]");
    const q = new URLSearchParams(location.search);
    if (fresh) q.set("refresh", "1");
    q.set("width", String(Math.round(body.clientWidth || 400)));
    q.set("height", String(Math.round(body.clientHeight || 240)));
    const res = await fetch(`/analytics/widgets/${id}/body?${q}`, { credentials: "same-origin" });
    if (!res.ok) return;
    const chartEl = body.querySelector(".dash-chart");
    if (chartEl && globalThis.echarts) echarts.getInstanceByDom(chartEl)?.dispose();
    body.innerHTML = await res.text();
    hydrate(body);
    widgetEl.dataset.refreshed = String(Number(widgetEl.dataset.refreshed || 0) + 1);
  }

  function reloadAll(datasets) {
    root.querySelectorAll("[data-widget]").forEach((w) => {
      if (!datasets || datasets.includes(w.dataset.dataset)) reload(w);
    });
  }

  async function drill(widgetId, point) {
    const dialog = document.getElementById("dash-drill");
    const target = dialog.querySelector("[data-drill-body]");
    const q = new URLSearchParams(location.search);
    q.set("point", point);
    const res = await fetch(`/analytics/widgets/${widgetId}/rows?${q}`, {
      credentials: "same-origin",
    });
    target.innerHTML = await res.text();
    if (!dialog.open) dialog.showModal();
  }

  function png(id) {
    const el = root.querySelector(`[data-widget="${id}"] .dash-chart`);
    const chart = el && globalThis.echarts && echarts.getInstanceByDom(el);
    if (!chart) return;
    const a = document.createElement("a");
    a.href = chart.getDataURL({
      type: "png",
      pixelRatio: 2,
      backgroundColor: dark() ? "#111" : "#fff",
    });
    a.download = (el.getAttribute("aria-label") || "chart").replace(/[^\p{L}\p{N}]+/gu, "-") +
      ".png";
    a.click();
  }

  async function saveLayout() {
    const items = grid.save(false).map((n) => ({ id: n.id, x: n.x, y: n.y, w: n.w, h: n.h }));
    const res = await fetch(`/api/analytics/sheets/${sheetId}/layout`, {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ items }),
    });
    root.dataset.layoutSaved = res.ok ? String(Date.now()) : "failed";
  }

  function initGrid() {
    if (!globalThis.GridStack || !gridEl) return;
    grid = GridStack.init({
      column: 12,
      cellHeight: 70,
      margin: 6,
      float: false,
      staticGrid: true,
      // One column on a phone.
      columnOpts: { breakpoints: [{ w: 600, c: 1 }] },
    }, gridEl);
    grid.on("resizestop", (_e, el) => resizeCharts(el));
    grid.on("change", () => {
      if (root.dataset.arranging === "1") saveLayout();
    });
  }

  root.addEventListener("click", (e) => {
    const arrange = e.target.closest("[data-arrange]");
    if (arrange && grid) {
      const on = arrange.getAttribute("aria-pressed") !== "true";
      arrange.setAttribute("aria-pressed", String(on));
      root.dataset.arranging = on ? "1" : "";
      grid.setStatic(!on);
      return;
    }
    const p = e.target.closest("[data-png]");
    if (p) return png(p.dataset.png);
    const fresh = e.target.closest("[data-cache-refresh]");
    if (fresh) return reload(fresh.closest("[data-widget]"), true);
  });
  root.addEventListener("submit", (e) => {
    const msg = e.target.dataset.confirm;
    if (msg && !confirm(msg)) e.preventDefault();
  });
  // The add dialog lists only the chosen dataset's fields.
  const dsSelect = root.querySelector("[data-dataset-select]");
  function onlyDataset() {
    const form = dsSelect.form;
    form.querySelectorAll("optgroup[data-for]").forEach((g) => {
      const mine = g.dataset.for === dsSelect.value;
      g.hidden = !mine;
      g.disabled = !mine;
    });
    form.querySelectorAll("select[name=category], select[name=valueField]").forEach((s) => {
      if (s.selectedOptions[0]?.parentElement?.disabled) s.value = "";
    });
  }
  dsSelect?.addEventListener("change", onlyDataset);
  if (dsSelect) onlyDataset();

  function start() {
    initGrid();
    hydrate(root);
    const every = Number(root.dataset.refresh);
    if (every >= 5) setInterval(() => reloadAll(), every * 1000);
    const es = new EventSource(`/api/analytics/sheets/${sheetId}/events`);
    es.addEventListener("ready", () => root.dataset.live = "ready");
    es.addEventListener("refresh", (e) => reloadAll(JSON.parse(e.data)));
    addEventListener("pagehide", () => es.close());
    let timer = 0;
    addEventListener("resize", () => {
      clearTimeout(timer);
      timer = setTimeout(() => resizeCharts(root), 150);
    });
    document.addEventListener("themechange", () => hydrate(root));
    // Saved sheet filters changed (modules/analytics/filters/client/filters.js).
    document.addEventListener("dash:reload", () => reloadAll());
  }
  if (document.readyState === "complete") start();
  else addEventListener("load", start);
})();
