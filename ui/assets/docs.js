// Swagger UI against our own /openapi.json; kept in a file because the CSP forbids inline scripts.
// Deep links are off: Swagger draws them as links inside each operation's toggle button, and a
// link inside a button is a control nobody can reach (axe-core: nested-interactive).
globalThis.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: false,
  withCredentials: true,
});

// Swagger renders after load and again as people expand things. Each time, only attributes
// change (React owns these nodes): its own <main> elements become labelled regions, so the
// page keeps one main landmark (ours, around all of it).
(function () {
  const root = document.getElementById("swagger-ui");
  if (!root) return;
  const tidy = () => {
    root.querySelectorAll("main:not([role])").forEach((el) => {
      el.setAttribute("role", "region");
      if (!el.getAttribute("aria-label")) el.setAttribute("aria-label", "Operations");
    });
    // The servers choice (from the document's `servers`) comes without a label.
    root.querySelectorAll("select#servers:not([aria-label])").forEach((el) => {
      el.setAttribute("aria-label", "Server");
    });
  };
  new MutationObserver(tidy).observe(root, { childList: true, subtree: true });
  tidy();
})();
