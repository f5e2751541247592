/** The XML pieces and types of the designer agreement scenarios (designer.scenarios.ts). */
/** What a scenario may do to an instance (implemented over HTTP in the agreement test). */
export interface Drive {
  key: string;
  /** Starts the scenario's process (business key = the scenario's key). */
  start(vars?: Record<string, unknown>): Promise<string>;
  task(instanceId: string, elementId: string, data?: Record<string, unknown>): Promise<void>;
  /** POST /messages by name, correlated on the business key unless `start` (a start event). */
  message(name: string, opts?: { start?: boolean }): Promise<void>;
  signal(name: string): Promise<void>;
  /** Fires every timer due in the next 400 days. */
  timers(): Promise<void>;
  /** Fetches and completes the one external task of the topic. */
  external(topic: string): Promise<void>;
  /** The newest instance of the scenario's process (started by a message, signal or timer). */
  latest(): Promise<string>;
  deployProcess(xml: string): Promise<void>;
  deployDecision(xml: string): Promise<void>;
}

export interface Scenario {
  key: string;
  xml: string;
  subject: string;
  expect: "runs" | "refused" | "either";
  before?: (d: Drive) => Promise<void>;
  run?: (d: Drive) => Promise<string>;
  /** Elements the instance's history must show (the subject's effect). */
  visits?: string[];
  /** The instance's final state; `completed` unless said (a terminate end: `terminated`). */
  ends?: string;
}

const NS = 'xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" ' +
  'xmlns:camunda="http://camunda.org/schema/1.0/bpmn" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" ' +
  'xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"';

export const el = (tag: string, id: string, attrs = "", inner = "") =>
  `<bpmn:${tag} id="${id}" name="${id}"${attrs ? ` ${attrs}` : ""}>${inner}</bpmn:${tag}>`;
export const flow = (from: string, to: string, cond?: string) =>
  `<bpmn:sequenceFlow id="${from}_${to}" sourceRef="${from}" targetRef="${to}">${
    cond
      ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${cond}</bpmn:conditionExpression>`
      : ""
  }</bpmn:sequenceFlow>`;
export const chain = (...ids: string[]) => ids.slice(1).map((id, i) => flow(ids[i], id)).join("");
export const start = (id = "s", def = "", attrs = "") => el("startEvent", id, attrs, def);
export const end = (id = "e", def = "") => el("endEvent", id, "", def);
export const user = (id: string, inner = "") => el("userTask", id, "", inner);
export const task = (id: string, attrs = "", inner = "") => el("task", id, attrs, inner);
export const GO = "${go == true}";

/** Event definitions and the root elements they refer to, named after the scenario. */
export class Defs {
  readonly roots = new Set<string>();
  constructor(readonly key: string) {}
  get msgName() {
    return `${this.key}-msg`;
  }
  get sigName() {
    return `${this.key}-sig`;
  }
  msg(attrs = "") {
    this.roots.add(`<bpmn:message id="Msg" name="${this.msgName}"/>`);
    return `<bpmn:messageEventDefinition messageRef="Msg"${attrs ? ` ${attrs}` : ""}/>`;
  }
  sig() {
    this.roots.add(`<bpmn:signal id="Sig" name="${this.sigName}"/>`);
    return `<bpmn:signalEventDefinition signalRef="Sig"/>`;
  }
  esc() {
    this.roots.add(`<bpmn:escalation id="Esc" name="Esc" escalationCode="${this.key}-esc"/>`);
    return `<bpmn:escalationEventDefinition escalationRef="Esc"/>`;
  }
  err() {
    this.roots.add(`<bpmn:error id="Err" name="Err" errorCode="${this.key}-err"/>`);
    return `<bpmn:errorEventDefinition errorRef="Err"/>`;
  }
  timer(kind: "timeDuration" | "timeDate" = "timeDuration", value = "PT1H") {
    return `<bpmn:timerEventDefinition><bpmn:${kind} xsi:type="bpmn:tFormalExpression">${value}</bpmn:${kind}></bpmn:timerEventDefinition>`;
  }
  cond() {
    return `<bpmn:conditionalEventDefinition><bpmn:condition xsi:type="bpmn:tFormalExpression">${GO}</bpmn:condition></bpmn:conditionalEventDefinition>`;
  }
  comp = () => `<bpmn:compensateEventDefinition/>`;
  link = () => `<bpmn:linkEventDefinition name="L"/>`;
  term = () => `<bpmn:terminateEventDefinition/>`;
  cancel = () => `<bpmn:cancelEventDefinition/>`;
  /** The definition of an offer's event kind. */
  of(type: string | undefined): string {
    const kind = (type ?? "").replace(/^bpmn:|EventDefinition$/g, "");
    const map: Record<string, () => string> = {
      "": () => "",
      Message: () => this.msg(),
      Signal: () => this.sig(),
      Escalation: () => this.esc(),
      Error: () => this.err(),
      Timer: () => this.timer(),
      Conditional: () => this.cond(),
      Compensate: () => this.comp(),
      Link: () => this.link(),
      Terminate: () => this.term(),
      Cancel: () => this.cancel(),
    };
    if (!map[kind]) throw new Error(`no event definition for ${type}`);
    return map[kind]();
  }
  xml(body: string, roots = "") {
    return `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions ${NS} id="defs_${this.key}" ` +
      `targetNamespace="http://bpmn.io/schema/bpmn">${roots}` +
      `<bpmn:process id="${this.key}" name="${this.key}" isExecutable="true">${body}</bpmn:process>` +
      `${[...this.roots].join("")}${diagram(this.key, roots + body)}</bpmn:definitions>`;
  }
}

/** Tags with ids that are not drawn. */
const UNDRAWN = new Set([
  "process",
  "message",
  "signal",
  "escalation",
  "error",
  "dataObject",
  "collaboration",
]);
const EDGES = new Set(["sequenceFlow", "association", "messageFlow"]);

/**
 * A diagram (every shape in a row, every edge a straight line), as the designer always saves
 * one: a model without DI would be laid out by the compiler, which draws no pools or groups.
 */
function diagram(key: string, xml: string): string {
  const plane = /<bpmn:collaboration id="([^"]+)"/.exec(xml)?.[1] ?? key;
  const parts: string[] = [];
  let i = 0;
  for (const [, tag, id] of xml.matchAll(/<bpmn:(\w+) id="([^"]+)"/g)) {
    if (UNDRAWN.has(tag)) continue;
    if (EDGES.has(tag)) {
      parts.push(
        `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}"><di:waypoint x="0" y="0"/>` +
          `<di:waypoint x="10" y="0"/></bpmndi:BPMNEdge>`,
      );
    } else {
      const x = 100 + 150 * i++;
      parts.push(
        `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="100" ` +
          `width="100" height="80"/></bpmndi:BPMNShape>`,
      );
    }
  }
  return `<bpmndi:BPMNDiagram id="diagram_${key}"><bpmndi:BPMNPlane id="plane_${key}" ` +
    `bpmnElement="${plane}">${parts.join("")}</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>`;
}

export const decision = (id: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="defs_${id}" name="${id}" namespace="urn:agree">` +
  `<decision id="${id}" name="${id}"><decisionTable id="${id}_t" hitPolicy="FIRST">` +
  `<input id="i1" label="Any"><inputExpression id="ie1" typeRef="string"><text>"x"</text></inputExpression></input>` +
  `<output id="o1" label="R" name="r" typeRef="string"/>` +
  `<rule id="r1"><inputEntry id="ie"><text>-</text></inputEntry><outputEntry id="oe"><text>"ok"</text></outputEntry></rule>` +
  `</decisionTable></decision></definitions>`;
