/**
 * The read-only process diagram (definition and instance pages): every `.wf-diagram` element
 * carries its BPMN XML and the ids of done, active and failed activities in data attributes;
 * this draws it with bpmn-js's NavigatedViewer (pan and zoom) and marks those activities and
 * the sequence flows the process has taken.
 */
import NavigatedViewer from "bpmn-js/lib/NavigatedViewer";
import { rendererColors } from "./theme.js";
import { turkishModule } from "./translate.tr.js";
import { h as preactH } from "diagram-js/lib/ui/index.js";

// diagram-js's popup markup is built with this h (see designer.build.ts, withOnePreact).
globalThis.__wfPreactH = preactH;

const list = (value) => {
  try {
    const parsed = JSON.parse(value || "[]");
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

/** A flow counts as taken when its source is done and its target done or active. */
export function takenFlows(elements, done, active) {
  return elements
    .filter((e) => e.type === "bpmn:SequenceFlow" && e.source && e.target)
    .filter((e) => done.has(e.source.id) && (done.has(e.target.id) || active.has(e.target.id)))
    .map((e) => e.id);
}

async function show(root) {
  const canvasEl = root.querySelector(".wf-diagram-canvas");
  if (!canvasEl || root.dataset.ready) return;
  root.dataset.ready = "1";
  const viewer = new NavigatedViewer({
    container: canvasEl,
    bpmnRenderer: rendererColors(root),
    additionalModules: document.documentElement.lang === "tr" ? [turkishModule] : [],
  });
  try {
    await viewer.importXML(root.dataset.xml || "");
  } catch (err) {
    root.classList.add("wf-diagram-failed");
    const note = root.querySelector(".wf-diagram-error");
    if (note) note.hidden = false;
    console.warn("diagram could not be drawn", err);
    return;
  }
  const canvas = viewer.get("canvas");
  const registry = viewer.get("elementRegistry");
  const done = new Set(list(root.dataset.done));
  const active = new Set(list(root.dataset.active));
  const incidents = new Set(list(root.dataset.incidents));
  const mark = (ids, cls) => {
    for (const id of ids) if (registry.get(id)) canvas.addMarker(id, cls);
  };
  mark(done, "wf-done");
  mark(active, "wf-active");
  mark(incidents, "wf-incident");
  mark(takenFlows(registry.getAll(), done, active), "wf-taken");
  canvas.zoom("fit-viewport", "auto");
  root.viewer = viewer;
  root.dispatchEvent(new CustomEvent("wf-diagram-ready", { bubbles: true }));
}

const showAll = (scope) => {
  for (const el of scope.querySelectorAll(".wf-diagram[data-xml]")) show(el);
};

showAll(document);
// Diagrams that arrive in htmx swaps (an instance page's tabs).
document.addEventListener("htmx:afterSettle", (e) => showAll(e.target || document));
