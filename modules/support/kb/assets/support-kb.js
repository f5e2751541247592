// Knowledge base on agent pages: the reply box's "Insert article link" picker puts the chosen
// article's title and public address at the cursor of the reply text; forms that delete ask
// first (data-confirm).
(() => {
  document.addEventListener("click", (e) => {
    const button = e.target.closest?.("[data-kb-insert]");
    if (!button) return;
    const scope = button.closest("[data-kb-target]");
    const box = scope && document.querySelector(scope.getAttribute("data-kb-target"));
    if (!box) return;
    const text = button.getAttribute("data-kb-insert");
    const start = box.selectionStart ?? box.value.length;
    const end = box.selectionEnd ?? box.value.length;
    const before = box.value.slice(0, start);
    const gap = before && !/\s$/.test(before) ? " " : "";
    box.value = before + gap + text + box.value.slice(end);
    const at = start + gap.length + text.length;
    box.setSelectionRange?.(at, at);
    box.dispatchEvent(new Event("input", { bubbles: true }));
    button.closest("dialog")?.close();
    box.focus();
  });
  document.addEventListener("submit", (e) => {
    const question = e.target.getAttribute?.("data-confirm");
    if (question && !globalThis.confirm(question)) e.preventDefault();
  }, true);
})();
