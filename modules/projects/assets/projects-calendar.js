// Project calendar: drag a task to another day (or to "No due date") to change its due date
// (sortablejs). A change the server refuses snaps back and shows its message.
(function () {
  function message(root, text, ok) {
    const box = root.querySelector("#calendar-message") ||
      document.getElementById("calendar-message");
    if (!box) return;
    box.className = text ? (ok ? "alert ok" : "alert error") : "";
    box.setAttribute("role", text && !ok ? "alert" : "status");
    box.textContent = text || "";
  }
  function snapBack(evt) {
    evt.from.insertBefore(evt.item, evt.from.children[evt.oldIndex] || null);
  }
  function init(doc) {
    const cal = doc.querySelector(".pj-cal");
    if (!cal || cal.dataset.ready || !globalThis.Sortable) return;
    cal.dataset.ready = "1";
    if (cal.dataset.writable !== "1") return;
    const body = cal.closest(".pj-cal-body") || document;
    const lists = body.querySelectorAll(".pj-cal-tasks");
    lists.forEach((list) => {
      globalThis.Sortable.create(list, {
        group: "calendar",
        animation: 120,
        ghostClass: "pj-ghost",
        filter: ".is-busy",
        onEnd: (evt) => {
          if (evt.from === evt.to) return;
          const item = evt.item;
          const due = evt.to.dataset.date || "";
          item.classList.add("is-busy");
          fetch(cal.dataset.move, {
            method: "POST",
            body: new URLSearchParams({ taskId: item.dataset.id, dueDate: due }),
            credentials: "same-origin",
            headers: { Accept: "application/json" },
          }).then(async (res) => {
            item.classList.remove("is-busy");
            if (res.ok) {
              item.dataset.due = due;
              item.classList.remove("is-overdue");
              message(body, "");
              return;
            }
            const problem = await res.json().catch(() => ({}));
            snapBack(evt);
            message(body, problem.detail || cal.dataset.refused || problem.title);
          }).catch(() => {
            item.classList.remove("is-busy");
            snapBack(evt);
            message(body, cal.dataset.failed);
          });
        },
      });
    });
  }
  document.addEventListener("DOMContentLoaded", () => init(document));
  document.addEventListener("htmx:afterSettle", () => init(document));
})();
