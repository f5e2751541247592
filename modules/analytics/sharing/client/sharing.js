// The share dialog: "Copy" puts the new public link on the clipboard; the address field
// selects itself when focused. Event delegation: the panel is swapped in by htmx.
document.addEventListener("click", async (e) => {
  const button = e.target.closest?.("[data-copy]");
  if (!button) return;
  const field = document.querySelector(button.getAttribute("data-copy"));
  if (!field) return;
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    document.execCommand?.("copy");
  }
  const label = button.querySelector("span");
  if (label) label.textContent = button.getAttribute("data-copied") || label.textContent;
});
document.addEventListener("focusin", (e) => {
  if (e.target.matches?.("[data-select-all]")) e.target.select();
});
