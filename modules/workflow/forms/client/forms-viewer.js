// Fills in a form-js form (task page, start page): every `.wf-form[data-schema]` element gets a
// form-js viewer; its submit button sends the data as JSON to data-submit (files first go to
// data-upload, through Documents, and the field then holds their ids and names). The server
// checks everything again; its field errors are listed under the form.
(() => {
  // Several forms on one page each bring this script; one copy does the work.
  if (globalThis.__wfFormViewer) return globalThis.__wfFormViewer(document);
  const UMD = "/assets/workflow/forms/form-viewer.umd.js";

  const json = (text, fallback) => {
    try {
      return JSON.parse(text || "");
    } catch {
      return fallback;
    }
  };

  /** Loads form-js's viewer bundle once (htmx swaps do not re-run a deferred script). */
  let loading;
  function library() {
    if (globalThis.FormViewer) return Promise.resolve(globalThis.FormViewer);
    loading ??= new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = UMD;
      s.onload = () => resolve(globalThis.FormViewer);
      s.onerror = reject;
      document.head.append(s);
    });
    return loading;
  }

  /** Every keyed field's label by its data path (for the server's `data.<path>` errors). */
  function labels(schema) {
    const out = {};
    const walk = (list, prefix) => {
      for (const c of list || []) {
        if (c.key) out[prefix + c.key] = c.label || c.key;
        if (c.type === "group") walk(c.components, c.path ? `${prefix}${c.path}.` : prefix);
        if (c.type === "dynamiclist" && c.path) {
          out[prefix + c.path] = c.label || c.path;
          walk(c.components, `${prefix}${c.path}.`);
        }
      }
    };
    walk(schema.components, "");
    return out;
  }

  /** Replaces each `files::…` reference in the data with the uploaded files' ids and names. */
  async function uploadFiles(root, data, files) {
    if (!files || files.size === 0) return data;
    const swap = async (v) => {
      if (typeof v === "string" && files.has(v)) {
        const body = new FormData();
        for (const f of files.get(v)) body.append("file", f, f.name);
        const res = await fetch(root.dataset.upload, {
          method: "POST",
          body,
          headers: { Accept: "application/json" },
        });
        if (!res.ok) throw new Error((await res.json().catch(() => ({}))).detail || res.status);
        return (await res.json()).items.map((f) => ({ id: f.id, name: f.name }));
      }
      if (Array.isArray(v)) return Promise.all(v.map(swap));
      if (v && typeof v === "object") {
        const out = {};
        for (const [k, x] of Object.entries(v)) out[k] = await swap(x);
        return out;
      }
      return v;
    };
    return await swap(data);
  }

  function showErrors(root, items) {
    const list = root.querySelector(".wf-form-errors");
    if (!list) return;
    list.replaceChildren(...items.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
    list.hidden = items.length === 0;
  }

  async function mount(root) {
    if (root.dataset.ready) return;
    root.dataset.ready = "1";
    const schema = json(root.dataset.schema, { components: [] });
    const messages = json(root.dataset.messages, {});
    const readOnly = root.dataset.readonly === "1";
    const { Form } = await library();
    const form = new Form({
      container: root.querySelector(".wf-form-canvas"),
      properties: { readOnly },
    });
    await form.importSchema(schema, json(root.dataset.data, {}));
    root.form = form;
    const button = root.querySelector("[data-form-submit]");
    const status = root.querySelector(".wf-form-status");
    const say = (text) => status && (status.textContent = text || "");
    const names = labels(schema);
    button?.addEventListener("click", async () => {
      showErrors(root, []);
      const { data, errors, files } = form.submit();
      if (Object.keys(errors || {}).length) {
        say(messages.fix);
        return;
      }
      button.disabled = true;
      say(messages.sending);
      try {
        const payload = await uploadFiles(root, data, files);
        const res = await fetch(root.dataset.submit, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({
            ...json(root.dataset.extra, {}),
            [root.dataset.wrap || "data"]: payload,
          }),
        });
        const body = await res.json().catch(() => ({}));
        if (res.ok) {
          say(messages.done);
          const next = (root.dataset.done || "").replace("{id}", body.id || "");
          location.assign(next || location.href);
          return;
        }
        const items = (body.errors || []).map((e) => {
          const path = String(e.path || "").replace(/^(body\.)?(data|variables)\./, "");
          const clean = path.replace(/\[\d+\]/g, "");
          return `${names[clean] || names[path] || path}: ${e.message}`;
        });
        showErrors(root, items.length ? items : [body.detail || messages.failed]);
        say(messages.fix);
      } catch (err) {
        showErrors(root, [`${messages.failed} ${err.message || ""}`.trim()]);
        say("");
      } finally {
        button.disabled = false;
      }
    });
    root.dataset.formReady = "1";
    root.dispatchEvent(new CustomEvent("wf-form-ready", { bubbles: true }));
  }

  const mountAll = (scope) => {
    for (const el of scope.querySelectorAll(".wf-form[data-schema]")) {
      mount(el).catch((err) => {
        el.classList.add("wf-form-failed");
        console.warn("form could not be shown", err);
      });
    }
  };
  globalThis.__wfFormViewer = mountAll;
  mountAll(document);
  document.addEventListener("htmx:afterSettle", (e) => mountAll(e.target || document));
})();
