// Kanban board: drag cards between status columns (sortablejs). A move the flow does not allow
// is refused while dragging; one the server refuses snaps back and shows its message.
(function () {
  function message(text) {
    const box = document.getElementById("board-message");
    if (!box) return;
    box.className = text ? "alert error" : "";
    box.setAttribute("role", text ? "alert" : "status");
    box.textContent = text || "";
  }
  function allowed(fromList, toList) {
    if (fromList === toList) return true;
    const rule = fromList.dataset.allowed || "";
    return rule === "*" || rule.split(" ").includes(toList.dataset.status);
  }
  function positionOf(item) {
    const prev = item.previousElementSibling;
    const next = item.nextElementSibling;
    const p = prev ? Number(prev.dataset.position) : null;
    const n = next ? Number(next.dataset.position) : null;
    if (p === null && n === null) return 1024;
    if (p === null) return n - 1024;
    if (n === null) return p + 1024;
    return (p + n) / 2;
  }
  function init(root) {
    const board = root.querySelector(".pj-board");
    if (!board || board.dataset.ready || !globalThis.Sortable) return;
    board.dataset.ready = "1";
    if (board.dataset.writable !== "1") return;
    board.querySelectorAll(".pj-cards").forEach((list) => {
      globalThis.Sortable.create(list, {
        group: "board",
        animation: 150,
        ghostClass: "pj-ghost",
        onMove: (evt) => allowed(evt.from, evt.to),
        onEnd: (evt) => {
          const item = evt.item;
          if (evt.from === evt.to && evt.oldIndex === evt.newIndex) return;
          const position = positionOf(item);
          const body = new URLSearchParams({ statusId: evt.to.dataset.status, position });
          fetch(`/projects/tasks/${item.dataset.id}/move`, {
            method: "POST",
            body,
            credentials: "same-origin",
            headers: { Accept: "application/json" },
          }).then(async (res) => {
            if (res.ok) {
              item.dataset.position = String(position);
              message("");
              return;
            }
            const problem = await res.json().catch(() => ({}));
            // Snap back to where it was.
            const ref = evt.from.children[evt.oldIndex] || null;
            evt.from.insertBefore(item, ref);
            message(problem.detail || board.dataset.refused || problem.title);
          }).catch(() => {
            evt.from.insertBefore(item, evt.from.children[evt.oldIndex] || null);
            message(board.dataset.failed);
          });
        },
      });
    });
  }
  document.addEventListener("DOMContentLoaded", () => init(document));
  document.addEventListener("htmx:afterSettle", (e) => init(e.target.ownerDocument || document));
})();
