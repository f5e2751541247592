// The decision table editor: dmn-js's modeler (global DmnJS from dmn-modeler.js) on the page's
// #wf-dmn element, opened on the decision the page is about. "Save and deploy" posts the DMN
// XML as JSON to <base>/deploy; "Download" saves the file. Plain script: no bundling needed.
(function () {
  "use strict";
  const root = document.getElementById("wf-dmn");
  if (!root || typeof globalThis.DmnJS !== "function") return;
  const messages = JSON.parse(root.dataset.messages || "{}");
  const status = root.querySelector(".wf-dmn-status");
  const list = root.querySelector(".wf-dmn-problems");
  const modeler = new globalThis.DmnJS({ container: root.querySelector(".wf-dmn-canvas") });

  function say(text, problems) {
    status.textContent = text || "";
    list.replaceChildren(
      ...(problems || []).map((p) => {
        const li = document.createElement("li");
        li.textContent = p;
        return li;
      }),
    );
  }

  async function open() {
    try {
      await modeler.importXML(root.dataset.xml || "");
      const key = root.dataset.key;
      const view = modeler.getViews().find((v) =>
        v.type === "decisionTable" && v.element && v.element.id === key
      );
      if (view) await modeler.open(view);
    } catch (_err) {
      say(messages.importFailed);
    }
  }

  async function deploy(button) {
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    try {
      const { xml } = await modeler.saveXML({ format: true });
      const res = await fetch(root.dataset.base + "/deploy", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ xml }),
      });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) return say(body.message || messages.failed, body.problems);
      say(body.message);
      // The decision's id was changed in the editor: its page is now under the new reference.
      if (body.href && body.key !== root.dataset.key) globalThis.location.assign(body.href);
    } catch (_err) {
      say(messages.failed);
    } finally {
      button.disabled = false;
      button.removeAttribute("aria-busy");
    }
  }

  async function download() {
    const { xml } = await modeler.saveXML({ format: true });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([xml], { type: "application/xml" }));
    a.download = (root.dataset.key || "decision") + ".dmn";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  root.addEventListener("click", (e) => {
    const button = e.target.closest("[data-action]");
    if (!button) return;
    if (button.dataset.action === "deploy") deploy(button);
    if (button.dataset.action === "download") download();
  });
  open();
})();
