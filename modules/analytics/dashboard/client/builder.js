// The widget builder's keyboard care: a choice inside the fields part swaps that part (htmx),
// so focus goes back to the control of the same name; a loaded edit form takes focus.
(function () {
  let last = null;
  document.addEventListener("htmx:beforeRequest", (e) => {
    const el = e.detail.elt;
    last = el?.closest?.("form.builder") && el.name ? el.name : null;
  });
  document.addEventListener("htmx:afterSwap", (e) => {
    const target = e.detail.target;
    if (!target) return;
    if (target.matches("[data-edit-body]")) {
      target.querySelector("input[name='title']")?.focus();
      return;
    }
    if (last && target.closest("form.builder")) {
      target.querySelector(`[name="${CSS.escape(last)}"]`)?.focus();
    }
    last = null;
  });
})();
