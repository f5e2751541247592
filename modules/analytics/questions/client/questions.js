// The question editor: CodeJar with Prism's SQL highlighting over the form's textarea (which
// keeps working without script). Each change is written back to the textarea and announced as
// an input event, so htmx redraws the parameter declarations for the placeholders. Ctrl/Cmd+S
// saves. Loaded as a module from /assets (CSP: no inline script).
import { CodeJar } from "/assets/codejar.js";

function highlight(el) {
  const Prism = globalThis.Prism;
  const grammar = Prism?.languages?.sql;
  if (grammar) el.innerHTML = Prism.highlight(el.textContent, grammar, "sql");
}

function setup(host) {
  const textarea = host.querySelector("textarea");
  if (!textarea || host.dataset.ready) return;
  host.dataset.ready = "1";
  const editor = document.createElement("div");
  editor.className = "code-area language-sql question-editor";
  editor.setAttribute("role", "textbox");
  editor.setAttribute("aria-multiline", "true");
  editor.setAttribute(
    "aria-label",
    textarea.closest("label")?.querySelector(".field-label")?.textContent ?? "SQL",
  );
  editor.spellcheck = false;
  textarea.after(editor);
  textarea.hidden = true;
  const jar = CodeJar(editor, highlight, { tab: "  " });
  jar.updateCode(textarea.value);
  jar.onUpdate((code) => {
    if (textarea.value === code) return;
    textarea.value = code;
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

function setupAll(root = document) {
  root.querySelectorAll('[data-code-editor="sql"]').forEach(setup);
}

// Prism loads deferred: highlight once it is there.
addEventListener("DOMContentLoaded", () => setupAll());
if (document.readyState !== "loading") setupAll();
document.addEventListener("htmx:afterSwap", (e) => setupAll(e.target));

document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "s") return;
  const form = document.querySelector("form[data-save-shortcut]");
  if (!form) return;
  e.preventDefault();
  form.requestSubmit();
});
