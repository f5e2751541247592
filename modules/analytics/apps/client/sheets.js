// The application page's sheet list: drag a row by its handle to reorder the sheets; the new
// order is saved through PUT /api/analytics/apps/{id}/sheets/order and the page reloaded so the
// tabs and the move buttons (the keyboard's way to reorder) follow.
(function () {
  function init() {
    const box = document.querySelector("[data-sheet-order]");
    const body = box?.querySelector("tbody");
    if (!body || !globalThis.Sortable || box.dataset.ready) return;
    box.dataset.ready = "1";
    const status = box.querySelector("[data-order-status]");
    globalThis.Sortable.create(body, {
      handle: "[data-drag-handle]",
      animation: 150,
      draggable: "tr[data-sheet-id]",
      onEnd: async (evt) => {
        if (evt.oldIndex === evt.newIndex) return;
        const sheetIds = [...body.querySelectorAll("tr[data-sheet-id]")].map((r) =>
          r.dataset.sheetId
        );
        const res = await fetch(`/api/analytics/apps/${box.dataset.sheetOrder}/sheets/order`, {
          method: "PUT",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ sheetIds }),
        });
        box.dataset.orderSaved = res.ok ? "1" : "failed";
        status.textContent = res.ok ? box.dataset.savedText : box.dataset.failedText;
        if (res.ok) location.reload();
      },
    });
  }
  if (document.readyState === "loading") addEventListener("DOMContentLoaded", init);
  else init();
})();
