// Saved sheet filters (modules/analytics/filters): the address carries the values in effect,
// so a shared link and back/forward show the same filters; after the bar remembered a change
// (htmx swapped it and pushed the address) the dashboard reloads its widgets; a date typed by
// hand switches that filter's range to "dates below".
(function () {
  const bar = () => document.getElementById("sheet-filters");
  const b = bar();
  if (b) {
    const q = b.dataset.filterQuery || "";
    if (q && !new URLSearchParams(location.search).has("sf")) {
      history.replaceState(history.state, "", location.pathname + q + location.hash);
    }
  }
  document.addEventListener("sheet-filters-changed", () => {
    // htmx pushes the new address right after this event; the widgets read it.
    setTimeout(() => document.dispatchEvent(new CustomEvent("dash:reload")), 0);
  });
  // The bar keeps htmx from saving snapshots of this page (hx-history="false": charts and the
  // grid carry inline styles the CSP refuses); back/forward load the address afresh instead.
  document.addEventListener("htmx:historyCacheMiss", (e) => {
    if (!bar()) return;
    e.preventDefault();
    location.reload();
  });
  document.addEventListener("htmx:historyRestore", () => {
    if (bar()) location.reload();
  });
  // A date range's own dates show only with "chosen dates"; picking that waits for a date.
  function showDates() {
    document.querySelectorAll("#sheet-filters select[name^='preset.']").forEach((sel) => {
      const id = sel.name.slice("preset.".length);
      sel.form.querySelectorAll(`input[name='from.${id}'], input[name='to.${id}']`)
        .forEach((input) => input.hidden = sel.value !== "dates");
    });
  }
  showDates();
  document.addEventListener("change", (e) => {
    const sel = e.target;
    if (!(sel instanceof HTMLSelectElement) || !sel.name.startsWith("preset.")) return;
    if (!sel.closest("#sheet-filters")) return;
    showDates();
    if (sel.value === "dates") {
      e.stopPropagation();
      sel.form.querySelector(`input[name='from.${sel.name.slice(7)}']`)?.focus();
    }
  }, true);
  document.addEventListener("htmx:afterSettle", showDates);
  document.addEventListener("input", (e) => {
    const el = e.target;
    if (!(el instanceof HTMLInputElement) || el.type !== "date") return;
    if (!el.closest("#sheet-filters")) return;
    const id = el.name.slice(el.name.indexOf(".") + 1);
    const preset = el.form.querySelector(`select[name="preset.${id}"]`);
    if (preset) preset.value = "dates";
  });
  // The editors' form shows only the default fields of the chosen type.
  function showDefaults(form) {
    const kind = form.querySelector("select[name='kind']")?.value;
    form.querySelectorAll("[data-default-kind]").forEach((el) => {
      el.hidden = el.dataset.defaultKind !== kind;
    });
  }
  document.querySelectorAll("form[data-filter-form]").forEach(showDefaults);
  document.addEventListener("change", (e) => {
    const form = e.target.closest?.("form[data-filter-form]");
    if (form && e.target.name === "kind") showDefaults(form);
  });
  document.addEventListener("htmx:afterSettle", (e) => {
    const form = e.target.closest?.("form[data-filter-form]") ||
      e.target.querySelector?.("form[data-filter-form]");
    if (form) showDefaults(form);
  });
})();
