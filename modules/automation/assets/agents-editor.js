// The agent page's code and JSON editors: CodeJar with Prism highlighting and line numbers
// over the form's textarea (which keeps working without script), Ctrl/Cmd+S saves, and Tab
// indents. Loaded as a module from /assets (CSP: no inline script).
import { CodeJar } from "/assets/codejar.js";

const languages = { typescript: "typescript", json: "json" };

function highlighter(language) {
  return (el) => {
    const Prism = globalThis.Prism;
    const grammar = Prism?.languages?.[language];
    if (grammar) el.innerHTML = Prism.highlight(el.textContent, grammar, language);
  };
}

function setup(host) {
  const textarea = host.querySelector("textarea");
  if (!textarea || host.dataset.ready) return;
  host.dataset.ready = "1";
  const language = languages[host.dataset.codeEditor] ?? "typescript";
  const wrap = document.createElement("div");
  wrap.className = "code-editor";
  const gutter = document.createElement("div");
  gutter.className = "code-gutter";
  gutter.setAttribute("aria-hidden", "true");
  const editor = document.createElement("div");
  editor.className = `code-area language-${language}`;
  editor.setAttribute("role", "textbox");
  editor.setAttribute("aria-multiline", "true");
  const label = textarea.getAttribute("aria-label") ??
    textarea.closest("label")?.querySelector(".field-label")?.textContent ?? "";
  editor.setAttribute("aria-label", label);
  editor.spellcheck = false;
  wrap.append(gutter, editor);
  textarea.after(wrap);
  textarea.hidden = true;
  const lines = (code) => {
    const n = code.split("\n").length;
    if (gutter.childElementCount === n) return;
    gutter.textContent = "";
    for (let i = 1; i <= n; i++) {
      const line = document.createElement("span");
      line.textContent = String(i);
      gutter.append(line);
    }
  };
  const jar = CodeJar(editor, highlighter(language), { tab: "  " });
  jar.updateCode(textarea.value);
  lines(textarea.value);
  jar.onUpdate((code) => {
    textarea.value = code;
    lines(code);
    host.closest("form")?.setAttribute("data-dirty", "1");
  });
}

function setupAll(root = document) {
  root.querySelectorAll("[data-code-editor]").forEach(setup);
}

setupAll();
document.addEventListener("htmx:afterSwap", (e) => setupAll(e.target));

// Ctrl/Cmd+S submits the editor's form instead of saving the page.
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "s") return;
  const form = document.activeElement?.closest?.("form[data-save-shortcut]") ??
    document.querySelector("form[data-save-shortcut]");
  if (!form) return;
  e.preventDefault();
  form.requestSubmit();
});

// Leaving with unsaved code asks first.
globalThis.addEventListener("beforeunload", (e) => {
  if (document.querySelector("form[data-dirty]")) e.preventDefault();
});
document.addEventListener("submit", (e) => e.target.removeAttribute?.("data-dirty"));
