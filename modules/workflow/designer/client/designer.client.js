/**
 * The designer's toolbar: save a draft, validate (problems listed; a click selects the
 * element), deploy, download the XML and import a .bpmn file. Requests go to the page's own
 * routes as JSON (same origin, so the session cookie's CSRF check passes).
 */
export function startDesigner(root, modeler) {
  const msg = JSON.parse(root.dataset.messages || "{}");
  const statusEl = root.querySelector(".wf-designer-status");
  const problemsEl = root.querySelector(".wf-designer-problems");
  const buttons = [...root.querySelectorAll("[data-action]")];
  let dirty = false;

  const status = (text, kind = "info", link) => {
    statusEl.textContent = text;
    statusEl.dataset.kind = kind;
    if (link) {
      statusEl.append(" ");
      const a = document.createElement("a");
      a.href = link.href;
      a.textContent = link.text;
      statusEl.append(a);
    }
  };

  const busy = (on) => {
    for (const b of buttons) b.disabled = on;
    root.setAttribute("aria-busy", on ? "true" : "false");
  };

  const xml = async () => (await modeler.saveXML({ format: true })).xml;

  const post = async (action, body) => {
    const res = await fetch(`${root.dataset.base}/${action}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    let data = {};
    try {
      data = await res.json();
    } catch {
      // A non-JSON answer (a proxy's error page): reported below by its status.
    }
    return { ok: res.ok, data };
  };

  const select = (id) => {
    const element = id && modeler.get("elementRegistry").get(id);
    if (!element) return;
    modeler.get("selection").select(element);
    if (element.waypoints || element.x !== undefined) {
      modeler.get("canvas").scrollToElement(element);
    }
  };

  const showProblems = (problems = [], warnings = []) => {
    problemsEl.replaceChildren();
    const add = (p, cls) => {
      const li = document.createElement("li");
      li.className = cls;
      const b = document.createElement("button");
      b.type = "button";
      const where = p.elementName ? `${p.elementName}: ` : "";
      b.textContent = `${where}${p.message}`;
      b.addEventListener("click", () => select(p.elementId));
      li.append(b);
      problemsEl.append(li);
    };
    for (const p of problems) add(p, "wf-problem");
    for (const w of warnings) add(w, "wf-warning");
  };

  /** What people call a problem's element: its name, else its type ("Start event"), never its id. */
  const named = (list = []) =>
    list.map((p) => {
      const el = p.elementId && modeler.get("elementRegistry").get(p.elementId);
      const type = el?.type?.replace(/^bpmn:/, "").replace(/(\B[A-Z])/g, " $1");
      const label = el?.businessObject?.name || (type && modeler.get("translate")(type));
      return { ...p, elementName: label || null };
    });

  const remember = (id) => {
    if (!id || root.dataset.definition === id) return;
    root.dataset.definition = id;
    const url = new URL(location.href);
    url.searchParams.set("definition", id);
    history.replaceState(null, "", url);
  };

  const run = async (fn) => {
    busy(true);
    try {
      await fn();
    } catch (err) {
      status(msg.failed || String(err), "error");
      console.warn(err);
    } finally {
      busy(false);
    }
  };

  const failed = (data) => {
    showProblems(named(data.problems), named(data.warnings));
    status(data.message || msg.failed, "error");
  };

  const actions = {
    save: () =>
      run(async () => {
        const { ok, data } = await post("save", {
          definitionId: root.dataset.definition,
          xml: await xml(),
        });
        if (!ok) return failed(data);
        remember(data.definitionId);
        dirty = false;
        showProblems([], named(data.warnings));
        status(data.message, "ok");
      }),
    validate: () =>
      run(async () => {
        const { ok, data } = await post("validate", { xml: await xml() });
        if (!ok) return failed(data);
        showProblems(named(data.problems), named(data.warnings));
        const clean = !data.problems?.length;
        status(data.message, clean ? "ok" : "error");
      }),
    deploy: () =>
      run(async () => {
        const { ok, data } = await post("deploy", {
          definitionId: root.dataset.definition,
          xml: await xml(),
        });
        if (!ok) return failed(data);
        remember(data.definitionId);
        dirty = false;
        showProblems([], named(data.warnings));
        status(data.message, "ok", data.link);
      }),
    download: () =>
      run(async () => {
        const text = await xml();
        const id = modeler.getDefinitions()?.rootElements?.find((e) => e.$type === "bpmn:Process")
          ?.id;
        const a = document.createElement("a");
        a.href = URL.createObjectURL(new Blob([text], { type: "application/xml" }));
        a.download = `${id || "process"}.bpmn`;
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(a.href), 1000);
      }),
  };

  for (const b of buttons) b.addEventListener("click", () => actions[b.dataset.action]?.());

  root.querySelector("input[type=file][data-import]")?.addEventListener("change", (e) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    run(async () => {
      const text = await file.text();
      try {
        await modeler.importXML(text);
      } catch {
        status(msg.importFailed, "error");
        return;
      }
      modeler.get("canvas").zoom("fit-viewport", "auto");
      dirty = true;
      showProblems();
      status(msg.imported, "ok");
    });
  });

  modeler.on("commandStack.changed", () => (dirty = true));
  addEventListener("beforeunload", (e) => {
    if (dirty) e.preventDefault();
  });

  (async () => {
    try {
      await modeler.importXML(root.dataset.xml || "");
      modeler.get("canvas").zoom("fit-viewport", "auto");
      if (modeler.get("elementRegistry").getAll().length < 4) modeler.get("canvas").zoom(1, "auto");
    } catch (err) {
      status(msg.importFailed, "error");
      console.warn(err);
    }
    root.modeler = modeler;
    root.dataset.ready = "1";
  })();
}
