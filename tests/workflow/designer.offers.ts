/**
 * What the process designer lets a modeller create, read from the designer's own configuration:
 * the bpmn-js palette (PaletteProvider, run against stubs so each entry's shape is recorded), the
 * replace menu's option lists (ReplaceOptions: every event definition, gateway, task and
 * subprocess kind, boundary and event-subprocess starts), and the implementations and listeners
 * the Camunda 7 properties panel offers (read from the installed panel's source so a new option
 * shows up here). The designer mounts bpmn-js's stock Modeler (client/designer.entry.js); if it
 * ever registers its own palette or replace provider, `designerUsesStockMenus` turns false.
 */

const BPMN_JS = new URL("../../node_modules/bpmn-js/lib/", import.meta.url);
const source = (path: string) => Deno.readTextFileSync(new URL(path, BPMN_JS));

/**
 * bpmn-js ships browser ESM with extension-less relative imports, which Deno's loader refuses;
 * the two files read here are joined with their one dependency each and loaded as one module.
 */
async function load(code: string): Promise<Record<string, unknown>> {
  const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(code)));
  return await import(`data:text/javascript;base64,${b64}`);
}

const PALETTE = source("features/palette/PaletteProvider.js")
  .replace(/import \{\s*assign\s*\} from 'min-dash';/, "const assign = Object.assign;")
  .replace(
    /import \{ SHORTCUTS_KEY_BINDINGS \} from '[^']+';/,
    "const SHORTCUTS_KEY_BINDINGS = new Proxy({}, { get: () => ({ key: '' }) });",
  );
const REPLACE = source("features/popup-menu/PopupEntries.js") + "\n" +
  source("features/replace/ReplaceOptions.js").replace(
    /import \{ PopupEntries \} from '[^']+';/,
    "",
  );

/** One thing the designer can create: a BPMN type with the attributes that tell kinds apart. */
export interface Offer {
  /** Where it comes from: `palette:create.task`, `replace:message-boundary`, `panel:…`. */
  source: string;
  type: string;
  eventDefinitionType?: string;
  isInterrupting?: boolean;
  cancelActivity?: boolean;
  triggeredByEvent?: boolean;
  isExpanded?: boolean;
  /** A start event offered inside an event subprocess. */
  eventSubprocess?: boolean;
  instantiate?: boolean;
  eventGatewayType?: string;
  /** Properties-panel offers: the attribute or extension element it writes. */
  panel?: string;
}

type Target = Omit<Offer, "source">;

/** Palette entries: each click creates one or more shapes through elementFactory. */
async function paletteOffers(): Promise<Offer[]> {
  const PaletteProvider = (await load(PALETTE)).default;
  const created: Target[][] = [];
  const stub = {
    palette: { registerProvider() {} },
    create: { start: (_e: unknown, shapes: Target | Target[]) => created.push([shapes].flat()) },
    elementFactory: {
      createShape: (attrs: Target) => ({ ...attrs }),
      createParticipantShape: () => ({ type: "bpmn:Participant" }),
    },
  };
  // deno-lint-ignore no-explicit-any
  const Provider = PaletteProvider as any;
  const provider = new Provider(
    stub.palette,
    stub.create,
    stub.elementFactory,
    {},
    {},
    {},
    {},
    (s: string) => s,
  );
  const offers: Offer[] = [];
  const entries = provider.getPaletteEntries() as Record<
    string,
    { group?: string; action?: { click?: (e: unknown) => void } }
  >;
  for (const [name, entry] of Object.entries(entries)) {
    // Tools (hand, lasso, space, connect) create nothing.
    if (!name.startsWith("create.") || !entry.action?.click) continue;
    created.length = 0;
    entry.action.click({});
    for (const shape of created.flat()) {
      offers.push({
        source: `palette:${name}`,
        type: shape.type,
        ...(shape.isExpanded !== undefined ? { isExpanded: shape.isExpanded } : {}),
      });
    }
  }
  return offers;
}

interface ReplaceOption {
  actionName: string;
  target?: Target & { eventDefinitionAttrs?: unknown };
}

/** Every option of every replace menu (the `target` is what the replaced element becomes). */
async function replaceOffers(): Promise<Offer[]> {
  const ReplaceOptions = await load(REPLACE);
  const offers: Offer[] = [];
  // TYPED_EVENT only regroups options of the lists below (by event definition).
  const lists = Object.entries(ReplaceOptions).filter(([k, v]) =>
    Array.isArray(v) && k !== "TYPED_EVENT"
  ) as [string, ReplaceOption[]][];
  for (const [list, options] of lists) {
    for (const option of options) {
      if (!option.target) continue; // sequence-flow kinds: covered below
      const { eventDefinitionAttrs: _a, ...target } = option.target;
      const inEventSub = list === "EVENT_SUB_PROCESS_START_EVENT";
      const id = option.actionName.replace(/^replace-with-/, "");
      offers.push({
        source: `replace:${inEventSub ? "event-subprocess/" : ""}${id}`,
        ...target,
        // The same start event kinds are offered for a process and for an event subprocess.
        ...(inEventSub ? { eventSubprocess: true } : {}),
      });
    }
  }
  for (const flow of ["sequence-flow", "default-flow", "conditional-flow"]) {
    if (lists.some(([, l]) => l.some((o) => o.actionName === `replace-with-${flow}`))) {
      offers.push({ source: `replace:${flow}`, type: "bpmn:SequenceFlow", panel: flow });
    }
  }
  return offers;
}

/** What each replace-menu header toggle (the markers above the options) sets, by its id. */
const TOGGLES: Record<string, Target> = {
  "toggle-parallel-mi": { type: "bpmn:UserTask", panel: "parallel-mi" },
  "toggle-sequential-mi": { type: "bpmn:UserTask", panel: "sequential-mi" },
  "toggle-loop": { type: "bpmn:Task", panel: "standard-loop" },
  "toggle-is-collection": { type: "bpmn:DataObjectReference", panel: "collection" },
  "toggle-participant-multiplicity": { type: "bpmn:Participant", panel: "multiplicity" },
};

/**
 * The replace menu's header toggles (ReplaceMenuProvider): loop and multi-instance markers,
 * collection and multiplicity flags. `toggle-non-interrupting` is covered by the boundary and
 * event-subprocess start offers; a toggle this list does not know fails the test.
 */
function headerOffers(): Offer[] {
  const src = source("features/popup-menu/ReplaceMenuProvider.js");
  const ids = [...new Set([...src.matchAll(/'(toggle-[a-z-]+)'\s*:/g)].map((m) => m[1]))];
  return ids.filter((id) => id !== "toggle-non-interrupting").map((id) => {
    if (!TOGGLES[id]) throw new Error(`the replace menu has a new toggle ${id}: add it here`);
    return { source: `replace-header:${id}`, ...TOGGLES[id] };
  });
}

const PANEL = new URL(
  "../../node_modules/bpmn-js-properties-panel/dist/index.esm.js",
  import.meta.url,
);

/**
 * The Camunda 7 properties panel: a service/send/business-rule task's implementation, and
 * execution / task listeners (on any flow node / user tasks). Each is listed only if the
 * installed panel still offers it (its source names the value).
 */
function panelOffers(): Offer[] {
  const src = Deno.readTextFileSync(PANEL);
  const offers: Offer[] = [];
  const has = (s: string) => src.includes(s);
  for (const impl of ["class", "expression", "delegateExpression", "external", "connector"]) {
    if (!has(`'${impl}'`)) continue;
    offers.push({ source: `panel:serviceTask-${impl}`, type: "bpmn:ServiceTask", panel: impl });
  }
  if (has("camunda:ExecutionListener")) {
    offers.push({
      source: "panel:executionListener",
      type: "bpmn:Task",
      panel: "executionListener",
    });
  }
  if (has("camunda:TaskListener")) {
    offers.push({ source: "panel:taskListener", type: "bpmn:UserTask", panel: "taskListener" });
  }
  return offers;
}

/** Everything the designer offers, one entry per distinct target (first source kept). */
export async function designerOffers(): Promise<Offer[]> {
  const seen = new Set<string>();
  const out: Offer[] = [];
  for (
    const o of [
      ...await paletteOffers(),
      ...await replaceOffers(),
      ...headerOffers(),
      ...panelOffers(),
    ]
  ) {
    const { source: _s, ...target } = o;
    const key = JSON.stringify(target, Object.keys(target).sort());
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(o);
  }
  return out;
}

/** True while the designer mounts bpmn-js's own palette and replace menu (nothing custom). */
export function designerUsesStockMenus(): boolean {
  const entry = Deno.readTextFileSync(
    new URL("../../modules/workflow/designer/client/designer.entry.js", import.meta.url),
  );
  return !/paletteProvider|replaceMenuProvider|PaletteProvider|ReplaceMenu|popupMenu/i.test(
    entry,
  );
}
