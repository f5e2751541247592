// Jobs pages: "Copy" buttons copy the value of the field their data-copy selector names
// (the webhook URL, a new secret). Delegated, so buttons swapped in by htmx work too.
document.addEventListener("click", async (e) => {
  const button = e.target.closest?.("[data-copy]");
  if (!button) return;
  const field = document.querySelector(button.getAttribute("data-copy"));
  if (!field) return;
  field.select?.();
  try {
    await navigator.clipboard.writeText(field.value ?? field.textContent ?? "");
    button.classList.add("copied");
    setTimeout(() => button.classList.remove("copied"), 1500);
  } catch {
    // Without clipboard access the text stays selected for Ctrl+C.
  }
});
