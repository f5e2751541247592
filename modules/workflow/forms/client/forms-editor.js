// The form designer: form-js's editor (palette, canvas, properties panel) on the
// `#wf-form-editor` element. Save posts the schema as the form's next version to the API and
// opens the saved form's page; the server checks the schema again and its errors show here.
(() => {
  const UMD = "/assets/workflow/forms/form-editor.umd.js";

  const json = (text, fallback) => {
    try {
      return JSON.parse(text || "");
    } catch {
      return fallback;
    }
  };

  function library() {
    if (globalThis.FormEditor) return Promise.resolve(globalThis.FormEditor);
    return new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = UMD;
      s.onload = () => resolve(globalThis.FormEditor);
      s.onerror = reject;
      document.head.append(s);
    });
  }

  async function mount(root) {
    if (root.dataset.ready) return;
    root.dataset.ready = "1";
    const messages = json(root.dataset.messages, {});
    const { FormEditor } = await library();
    const editor = new FormEditor({ container: root.querySelector(".wf-form-editor-canvas") });
    const blank = { type: "default", components: [], schemaVersion: 18 };
    await editor.importSchema(json(root.dataset.schema, null) || blank);
    root.editor = editor;
    const status = root.querySelector(".wf-form-status");
    const errors = root.querySelector(".wf-form-errors");
    const say = (text) => status && (status.textContent = text || "");
    const show = (items) => {
      errors.replaceChildren(...items.map((text) => {
        const li = document.createElement("li");
        li.textContent = text;
        return li;
      }));
      errors.hidden = items.length === 0;
    };
    const save = root.querySelector("[data-form-save]");
    save?.addEventListener("click", async () => {
      const keyInput = root.querySelector("input[name=key]");
      const nameInput = root.querySelector("input[name=name]");
      const key = (root.dataset.key || keyInput?.value || "").trim();
      const name = (nameInput?.value || "").trim();
      show([]);
      if (!key || (keyInput && !keyInput.checkValidity())) {
        keyInput?.reportValidity();
        return;
      }
      if (!name) {
        nameInput?.reportValidity();
        return;
      }
      save.disabled = true;
      say(messages.saving);
      try {
        const res = await fetch(`${root.dataset.api}/${encodeURIComponent(key)}/versions`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ name, schema: editor.saveSchema() }),
        });
        const body = await res.json().catch(() => ({}));
        if (res.ok) {
          say(messages.saved);
          location.assign(`${root.dataset.page}/${encodeURIComponent(key)}?saved=${body.version}`);
          return;
        }
        say(messages.failed);
        show((body.errors || []).map((e) => e.message).concat(body.errors ? [] : [body.detail]));
      } catch (err) {
        say(`${messages.failed} ${err.message || ""}`);
      } finally {
        save.disabled = false;
      }
    });
    root.dataset.editorReady = "1";
    root.dispatchEvent(new CustomEvent("wf-form-editor-ready", { bubbles: true }));
  }

  const mountAll = (scope) => {
    for (const el of scope.querySelectorAll("#wf-form-editor")) {
      mount(el).catch((err) => console.warn("form editor could not start", err));
    }
  };
  mountAll(document);
  document.addEventListener("htmx:afterSettle", (e) => mountAll(e.target || document));
})();
