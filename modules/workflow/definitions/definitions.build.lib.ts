/**
 * From moddle elements to the ProcessModel the engine runs: every supported element becomes
 * an ElementDef with its Camunda 7 attributes read (assignee, candidate groups, form fields,
 * due dates, external topics, input/output, loops), every flow a FlowDef with its condition
 * in FEEL. Whatever the engine could not run is reported with the element's id and type.
 */
import {
  ELEMENT_TYPES,
  type ElementDef,
  type ElementType,
  type FlowDef,
  type FormField,
  type IoMapping,
  type ProcessModel,
  type TimerDef,
} from "../common/model.lib.ts";
import { type El, extensions, localType } from "./definitions.moddle.lib.ts";
import {
  checkTimer,
  feelError,
  isFeel,
  isJuel,
  literalToFeel,
  normalizePriority,
  toFeel,
} from "./definitions.translate.lib.ts";
import { MAP_RESULTS, type MapResult } from "../decisions/decisions.rules.ts";
import { scopeProblems } from "./definitions.scopes.lib.ts";
import { implementationOf } from "./definitions.external.lib.ts";

export interface BpmnProblem {
  elementId: string | null;
  elementType: string | null;
  message: string;
  rule?: string;
}

export class Report {
  problems: BpmnProblem[] = [];
  warnings: BpmnProblem[] = [];
  error(el: El | null, message: string) {
    this.problems.push({
      elementId: el?.id ?? null,
      elementType: el ? localType(el) : null,
      message,
    });
  }
  warn(el: El | null, message: string) {
    this.warnings.push({
      elementId: el?.id ?? null,
      elementType: el ? localType(el) : null,
      message,
    });
  }
}

/** Condition languages we read: FEEL, and JUEL `${...}` (translated to FEEL); none means FEEL. */
const expressionLanguage = (language: string | undefined) =>
  !language ||
  ["feel", "juel", "http://www.omg.org/spec/feel/20140401"].includes(language.toLowerCase());

/** Flow elements we keep but do not run. */
const IGNORED = new Set(["dataObject", "dataObjectReference", "dataStoreReference"]);
/** Event definitions each event type may carry ("none" = no definition). */
const ALLOWED_EVENTS: Record<string, string[]> = {
  startEvent: ["none", "timer", "message", "signal"],
  endEvent: ["none", "terminate", "error", "escalation", "compensate", "message", "signal"],
  intermediateCatchEvent: ["timer", "message", "signal", "conditional"],
  boundaryEvent: ["timer", "message", "error", "escalation", "compensate", "signal", "conditional"],
  intermediateThrowEvent: ["none", "escalation", "compensate", "message", "signal"],
};
/** Start events of an event subprocess: always typed (eventsub.service.ts arms them). */
const EVENT_SUBPROCESS_STARTS = [
  "timer",
  "message",
  "signal",
  "conditional",
  "error",
  "escalation",
];

/** What moddle gives for the escalation, compensation and event subprocess attributes. */
type ScopeEl = El & {
  isInterrupting?: boolean;
  escalationRef?: El & { escalationCode?: string };
  activityRef?: El;
  artifacts?: El[];
};
const FORM_TYPES = new Set(["string", "long", "boolean", "date", "enum"]);

const split = (s?: string) => (s ?? "").split(",").map((x) => x.trim()).filter(Boolean);

/** `bpmn:TimerEventDefinition` → `timer`. */
const eventKind = (def: El) => localType(def).replace(/EventDefinition$/, "");

export class ModelBuilder {
  readonly elements: Record<string, ElementDef> = {};
  readonly flows: Record<string, FlowDef> = {};
  readonly startTimers: { elementId: string; timer: TimerDef }[] = [];
  readonly startMessages: string[] = [];
  /** Compensation boundary event id → the handler its association points at. */
  private readonly associations = new Map<string, string>();

  constructor(readonly report: Report) {}

  /** Builds the model of one process; null when nothing could be built. */
  build(process: El): ProcessModel {
    this.scope(process, null);
    this.link();
    const startEvents = Object.values(this.elements)
      .filter((e) => e.type === "startEvent" && e.parent === null).map((e) => e.id);
    if (startEvents.length === 0) {
      this.report.error(process, "The process has no start event.");
    }
    return {
      id: process.id ?? "",
      name: process.name?.trim() || process.id || "",
      elements: this.elements,
      flows: this.flows,
      startEvents,
    };
  }

  private scope(container: El, parent: string | null) {
    for (const el of container.flowElements ?? []) {
      const type = localType(el);
      if (type === "sequenceFlow") this.flow(el);
      else if (IGNORED.has(type)) continue;
      else if (type === "manualTask" || (ELEMENT_TYPES as readonly string[]).includes(type)) {
        this.element(el, type === "manualTask" ? "task" : type as ElementType, parent);
        if (type === "subProcess") this.scope(el, el.id ?? null);
      } else {
        this.report.error(el, `${type} elements are not supported.`);
      }
    }
    for (const a of (container as ScopeEl).artifacts ?? []) {
      if (localType(a) === "association" && a.sourceRef?.id && a.targetRef?.id) {
        this.associations.set(a.sourceRef.id, a.targetRef.id);
      }
    }
  }

  private flow(el: El) {
    const id = el.id ?? "";
    const source = el.sourceRef?.id;
    const target = el.targetRef?.id;
    if (!source || !target) {
      this.report.error(el, "The sequence flow must connect a source and a target element.");
    }
    const flow: FlowDef = { id, name: el.name ?? "", source: source ?? "", target: target ?? "" };
    const cond = el.conditionExpression;
    if (cond && (cond.body ?? "").trim()) {
      const body = cond.body!.trim();
      if (!expressionLanguage(cond.language)) {
        this.report.error(el, `Conditions in ${cond.language} are not supported; use FEEL.`);
      } else {
        flow.condition = toFeel(body);
        const err = feelError(flow.condition);
        if (err) this.report.error(el, err);
      }
    }
    this.flows[id] = flow;
  }

  private element(el: El, type: ElementType, parent: string | null) {
    const id = el.id ?? "";
    const def: ElementDef = {
      id,
      type,
      name: el.name?.trim() ?? "",
      incoming: [],
      outgoing: [],
      parent,
    };
    if (el.default?.id) def.defaultFlow = el.default.id;
    if (el.triggeredByEvent && type === "subProcess") def.triggeredByEvent = true;
    if (el.isForCompensation) {
      if (type.endsWith("Event") || type.endsWith("Gateway")) {
        this.report.error(el, "Only an activity can be a compensation handler.");
      } else def.isForCompensation = true;
    }
    if (type.endsWith("Event")) this.event(el, def, parent);
    if (type === "userTask") this.userTask(el, def);
    if (type === "startEvent") this.form(el, def);
    if (type === "serviceTask") this.serviceTask(el, def);
    if (type === "scriptTask") this.scriptTask(el, def);
    if (type === "sendTask") this.sendTask(el, def);
    if (type === "businessRuleTask") this.businessRuleTask(el, def);
    if (type === "receiveTask") this.receiveTask(el, def);
    if (type === "eventBasedGateway" && (el as El & { instantiate?: boolean }).instantiate) {
      this.report.error(el, "An event-based gateway that starts the process is not supported.");
    }
    if (type === "callActivity") {
      if (!el.calledElement?.trim()) {
        this.report.error(
          el,
          "The call activity does not name the process it calls (calledElement).",
        );
      } else def.calledElement = el.calledElement.trim();
    }
    if (type !== "sendTask" || el.type === "external") this.io(el, def);
    if (el.loopCharacteristics) this.loop(el, def);
    if (el.asyncBefore === true) def.asyncBefore = true;
    this.elements[id] = def;
  }

  private event(el: El, def: ElementDef, parent: string | null) {
    const defs = el.eventDefinitions ?? [];
    if (defs.length > 1) {
      this.report.error(el, "An event with several event definitions is not supported.");
      return;
    }
    const kind = defs[0] ? eventKind(defs[0]) : "none";
    const eventSub = def.type === "startEvent" && parent !== null &&
      (el.$parent as El | undefined)?.triggeredByEvent === true;
    const allowed = eventSub ? EVENT_SUBPROCESS_STARTS : ALLOWED_EVENTS[def.type] ?? [];
    const inSub = parent !== null && def.type === "startEvent" && !eventSub;
    if (!allowed.includes(kind) || (inSub && kind !== "none")) {
      this.report.error(
        el,
        eventSub
          ? `The start event of an event subprocess needs a ${
            EVENT_SUBPROCESS_STARTS.join(", ")
          } event definition${kind === "none" ? "" : ` (${kind} is not supported)`}.`
          : kind === "none"
          ? `A ${def.type} needs an event definition (timer or message).`
          : `${kind} events are not supported here (${def.type}).`,
      );
      return;
    }
    if (eventSub) def.cancelActivity = (el as ScopeEl).isInterrupting !== false;
    const d = defs[0];
    if (kind === "none") def.event = { kind: "none" };
    else if (kind === "terminate") def.event = { kind: "terminate" };
    else if (kind === "error") {
      def.event = {
        kind: "error",
        ...(d.errorRef?.errorCode ? { errorCode: d.errorRef.errorCode } : {}),
      };
    } else if (kind === "message") {
      const name = d.messageRef?.name?.trim();
      const throws = def.type === "intermediateThrowEvent" || def.type === "endEvent";
      // A message throw is sent by what its definition names (external topic, agent, operation).
      if (throws) this.implementation(el, d, def, "A message throw event");
      else if (!name) this.report.error(el, "The message event does not name its message.");
      def.event = { kind: "message", message: name ?? "" };
      if (def.type === "startEvent" && parent === null && name) this.startMessages.push(name);
    } else if (kind === "timer") {
      const [timerKind, raw] = d.timeDate
        ? ["date", d.timeDate] as const
        : d.timeDuration
        ? ["duration", d.timeDuration] as const
        : d.timeCycle
        ? ["cycle", d.timeCycle] as const
        : [null, null];
      if (!timerKind) return this.report.error(el, "The timer has no date, duration or cycle.");
      const { timer, error } = checkTimer(timerKind, raw?.body ?? "");
      if (error || !timer) return this.report.error(el, error ?? "The timer is not valid.");
      def.event = { kind: "timer", timer };
      if (def.type === "startEvent" && parent === null) {
        this.startTimers.push({ elementId: def.id, timer });
      }
    } else if (kind === "escalation") {
      const code = (d as ScopeEl).escalationRef?.escalationCode?.trim();
      if (!code && def.type !== "boundaryEvent" && def.type !== "startEvent") {
        this.report.error(el, "The escalation event does not name an escalation code.");
      }
      def.event = { kind: "escalation", ...(code ? { escalationCode: code } : {}) };
    } else if (kind === "compensate") {
      const ref = (d as ScopeEl).activityRef?.id;
      def.event = { kind: "compensate", ...(ref ? { activityRef: ref } : {}) };
    } else if (kind === "signal") {
      const name = (d as El & { signalRef?: El }).signalRef?.name?.trim();
      if (!name) this.report.error(el, "The signal event does not name its signal.");
      def.event = { kind: "signal", signal: name ?? "" };
    } else if (kind === "conditional") {
      def.event = { kind: "conditional", condition: this.condition(el, d) };
    }
    if (def.type === "boundaryEvent") {
      if (!el.attachedToRef?.id) {
        this.report.error(el, "The boundary event is not attached to an activity.");
      } else def.attachedTo = el.attachedToRef.id;
      def.cancelActivity = el.cancelActivity !== false;
    }
  }

  /** A conditional event's FEEL condition (`${...}` translated); checked here. */
  private condition(el: El, d: El): string {
    const cond = (d as El & { condition?: { body?: string; language?: string } }).condition;
    const body = cond?.body?.trim() ?? "";
    if (!body) {
      this.report.error(el, "The conditional event has no condition.");
      return "false";
    }
    // Stored as text it would never be true: refused like a sequence flow's condition.
    if (!expressionLanguage(cond?.language)) {
      this.report.error(el, `Conditions in ${cond?.language} are not supported; use FEEL.`);
      return "false";
    }
    const feel = toFeel(body);
    const err = feelError(feel);
    if (err) this.report.error(el, err);
    return feel;
  }

  /** A receive task waits for the message its messageRef names. */
  private receiveTask(el: El, def: ElementDef) {
    const name = (el as El & { messageRef?: El }).messageRef?.name?.trim();
    if (!name) this.report.error(el, "The receive task does not name its message (messageRef).");
    def.event = { kind: "message", message: name ?? "" };
  }

  private userTask(el: El, def: ElementDef) {
    if (el.assignee?.trim()) def.assignee = el.assignee.trim();
    if (split(el.candidateUsers).length) def.candidateUsers = split(el.candidateUsers);
    if (split(el.candidateGroups).length) def.candidateGroups = split(el.candidateGroups);
    for (const key of ["dueDate", "followUpDate"] as const) {
      const v = el[key]?.trim();
      if (!v) continue;
      if (isJuel(v) || isFeel(v)) {
        const err = feelError(toFeel(v));
        if (err) this.report.error(el, `${key}: ${err}`);
      } else if (checkTimer("date", v).error && checkTimer("duration", v).error) {
        this.report.error(el, `${key}: "${v}" is neither an ISO 8601 date nor a duration.`);
      }
      def[key] = v;
    }
    if (el.priority?.trim()) {
      const { priority, error } = normalizePriority(el.priority);
      if (error) this.report.error(el, error);
      else def.priority = priority;
    }
    this.form(el, def);
  }

  private form(el: El, def: ElementDef) {
    if (el.formKey?.trim()) def.formKey = el.formKey.trim();
    const fields: FormField[] = [];
    for (const data of extensions(el, "camunda:FormData")) {
      for (const f of data.fields ?? []) {
        const type = (f.type ?? "string") as FormField["type"];
        if (!f.id) this.report.error(el, "A form field has no id.");
        if (!FORM_TYPES.has(type)) {
          this.report.error(
            el,
            `Form field "${f.id}": type "${f.type}" is not supported (string, long, boolean, date, enum).`,
          );
        }
        const field: FormField = { id: f.id ?? "", label: f.label ?? f.id ?? "", type };
        if ((f.validation?.constraints ?? []).some((c) => c.name === "required")) {
          field.required = true;
        }
        if (f.defaultValue !== undefined) field.defaultValue = f.defaultValue;
        if (type === "enum") {
          field.values = (f.values ?? []).map((v) => ({
            id: v.id ?? "",
            name: v.name ?? v.id ?? "",
          }));
        }
        fields.push(field);
      }
    }
    if (fields.length) def.formFields = fields;
  }

  private serviceTask(el: El, def: ElementDef) {
    this.implementation(el, el, def, "A service task");
  }

  /** camunda:type="external" + topic (on `source`: the task or its message definition). */
  private implementation(el: El, source: El, def: ElementDef, what: string) {
    const { service, error, warning } = implementationOf(source, what);
    if (error) this.report.error(el, error);
    if (warning) this.report.warn(el, warning);
    if (service) def.service = service;
  }

  private scriptTask(el: El, def: ElementDef) {
    const format = (el.scriptFormat ?? "").trim().toLowerCase();
    const language = format === "feel"
      ? "feel"
      : ["javascript", "js", "ecmascript"].includes(format)
      ? "javascript"
      : null;
    if (!language) {
      return this.report.error(
        el,
        `Scripts in "${el.scriptFormat ?? ""}" are not supported; use feel or javascript.`,
      );
    }
    const body = (el.script ?? "").trim();
    if (!body) return this.report.error(el, "The script task has no inline script.");
    if (language === "feel") {
      const err = feelError(body.replace(/^=/, ""));
      if (err) this.report.error(el, err);
    }
    def.script = {
      language,
      body,
      ...(el.resultVariable ? { resultVariable: el.resultVariable } : {}),
    };
  }

  /** camunda:decisionRef names a DMN decision table (checked when the task runs). */
  private businessRuleTask(el: El, def: ElementDef) {
    const attrs = el as El & { decisionRef?: string; mapDecisionResult?: string };
    const ref = attrs.decisionRef?.trim();
    if (!ref) {
      return this.report.error(
        el,
        "The business rule task needs camunda:decisionRef naming a decision table.",
      );
    }
    const mapResult = attrs.mapDecisionResult?.trim() || "resultList";
    if (!MAP_RESULTS.includes(mapResult as MapResult)) {
      return this.report.error(
        el,
        `camunda:mapDecisionResult "${mapResult}" is not one of ${MAP_RESULTS.join(", ")}.`,
      );
    }
    def.decision = {
      ref,
      mapResult: mapResult as MapResult,
      ...(el.resultVariable?.trim() ? { resultVariable: el.resultVariable.trim() } : {}),
    };
  }

  private sendTask(el: El, def: ElementDef) {
    if (el.type === "external") return this.implementation(el, el, def, "A send task");
    const inputs = extensions(el, "camunda:InputOutput").flatMap((io) => io.inputParameters ?? []);
    const get = (name: string) => inputs.find((p) => p.name === name)?.value ?? "";
    if (!get("to").trim()) {
      this.report.error(el, "The send task needs an input parameter `to` (and `subject`, `body`).");
    }
    def.mail = { to: get("to"), subject: get("subject"), body: get("body") };
  }

  /** camunda:inputOutput → FEEL expressions (literals quoted, `${}` translated). */
  private io(el: El, def: ElementDef) {
    const params = extensions(el, "camunda:InputOutput");
    if (!params.length) return;
    const io: IoMapping = { inputs: [], outputs: [] };
    for (const p of params) {
      for (
        const [list, target] of [[p.inputParameters, io.inputs], [
          p.outputParameters,
          io.outputs,
        ]] as const
      ) {
        for (const param of list ?? []) {
          const expression = this.paramExpression(el, param);
          if (expression !== null) target.push({ name: param.name ?? "", expression });
        }
      }
    }
    if (io.inputs.length || io.outputs.length) def.io = io;
  }

  private paramExpression(el: El, p: El): string | null {
    const d = p.definition;
    if (!d) return this.valueExpression(el, p.value ?? "");
    const t = localType(d);
    if (t === "list") {
      return `[${(d.items ?? []).map((i) => this.paramExpression(el, i) ?? "null").join(", ")}]`;
    }
    if (t === "map") {
      const entries = (d.entries ?? []).map((e) =>
        `${JSON.stringify(e.key ?? "")}: ${this.paramExpression(el, e) ?? "null"}`
      );
      return `{${entries.join(", ")}}`;
    }
    if (t === "script" && (d.scriptFormat ?? "").toLowerCase() === "feel") {
      return this.valueExpression(el, `=${d.value ?? ""}`);
    }
    this.report.error(
      el,
      `Parameter "${p.name}": only values, lists, maps and FEEL scripts are supported.`,
    );
    return null;
  }

  private valueExpression(el: El, value: string): string {
    if (!isJuel(value) && !isFeel(value)) return literalToFeel(value);
    const feel = toFeel(value);
    const err = feelError(feel);
    if (err) this.report.error(el, err);
    return feel;
  }

  private loop(el: El, def: ElementDef) {
    const l = el.loopCharacteristics!;
    if (localType(l) !== "multiInstanceLoopCharacteristics") {
      return this.report.error(
        el,
        "Standard loops are not supported; use a multi-instance marker.",
      );
    }
    const collection = l.collection?.trim();
    const cardinality = l.loopCardinality?.body?.trim();
    if (!collection && !cardinality) {
      this.report.error(el, "The multi-instance marker needs a collection or a loop cardinality.");
    }
    const completion = l.completionCondition?.body?.trim();
    def.loop = { sequential: l.isSequential === true };
    for (
      const [key, raw] of [["collection", collection], ["cardinality", cardinality], [
        "completionCondition",
        completion,
      ]] as const
    ) {
      if (!raw) continue;
      const feel = toFeel(raw);
      const err = feelError(feel);
      if (err) this.report.error(el, err);
      def.loop[key] = feel;
    }
    if (l.elementVariable?.trim()) def.loop.elementVariable = l.elementVariable.trim();
  }

  /** Incoming/outgoing lists from the flows, and the checks that need the whole graph. */
  private link() {
    for (const f of Object.values(this.flows)) {
      const s = this.elements[f.source];
      const t = this.elements[f.target];
      if (f.source && !s) {
        this.flowProblem(
          f,
          `The flow starts at "${f.source}", which is not an element the engine runs.`,
        );
      }
      if (f.target && !t) {
        this.flowProblem(
          f,
          `The flow ends at "${f.target}", which is not an element the engine runs.`,
        );
      }
      if (s && t && s.parent !== t.parent) {
        this.flowProblem(f, "The flow crosses a subprocess boundary.");
      }
      s?.outgoing.push(f.id);
      t?.incoming.push(f.id);
    }
    for (const e of Object.values(this.elements)) {
      if (e.defaultFlow && !e.outgoing.includes(e.defaultFlow)) {
        this.elementProblem(e, "The default flow is not one of the element's outgoing flows.");
      }
      if (e.attachedTo) {
        const host = this.elements[e.attachedTo];
        if (!host || host.type.endsWith("Event") || host.type.endsWith("Gateway")) {
          this.elementProblem(e, "The boundary event must sit on an activity.");
        }
      }
      for (const m of scopeProblems(e, this.elements, this.associations)) {
        this.elementProblem(e, m);
      }
      if (e.type === "eventBasedGateway") this.checkEventGateway(e);
      if (
        (e.type === "exclusiveGateway" || e.type === "inclusiveGateway") && e.outgoing.length > 1
      ) {
        for (const id of e.outgoing) {
          if (id !== e.defaultFlow && !this.flows[id].condition) {
            this.flowProblem(
              this.flows[id],
              `A flow leaving the gateway "${
                e.name || e.id
              }" needs a condition, or must be its default flow.`,
            );
          }
        }
      }
    }
  }

  /** Each branch of an event-based gateway is a catch event (or receive task) it alone leads to. */
  private checkEventGateway(e: ElementDef) {
    if (e.outgoing.length < 2) {
      this.elementProblem(e, "An event-based gateway needs at least two outgoing flows.");
    }
    for (const id of e.outgoing) {
      const f = this.flows[id];
      const target = this.elements[f.target];
      if (f.condition) {
        this.flowProblem(f, "A flow leaving an event-based gateway has no condition.");
      }
      const kind = target?.event?.kind;
      const catches = (target?.type === "intermediateCatchEvent" &&
        ["timer", "message", "signal", "conditional"].includes(kind ?? "")) ||
        target?.type === "receiveTask";
      if (target && !catches) {
        this.flowProblem(
          f,
          `The event-based gateway "${
            e.name || e.id
          }" must lead to catch events (timer, message, signal, condition) or receive tasks; "${
            target.name || target.id
          }" is not one.`,
        );
      }
    }
  }

  private flowProblem(f: FlowDef, message: string) {
    this.report.problems.push({ elementId: f.id, elementType: "sequenceFlow", message });
  }
  private elementProblem(e: ElementDef, message: string) {
    this.report.problems.push({ elementId: e.id, elementType: e.type, message });
  }
}
