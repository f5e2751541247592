/**
 * The compiled process graph: what `definitions/` makes of a deployed BPMN 2.0 XML and what the
 * engine runs. Stored as JSON on each definition version (workflow_definition_versions.model),
 * so the engine never parses XML on a step. Plain data only (no class instances, no functions).
 */

export const ELEMENT_TYPES = [
  "startEvent",
  "endEvent",
  "userTask",
  "serviceTask",
  "scriptTask",
  "sendTask",
  "businessRuleTask", // a DMN decision table (decisions/), evaluated in the step
  "task", // a plain (none) task: passes straight through
  "exclusiveGateway",
  "parallelGateway",
  "inclusiveGateway",
  "intermediateCatchEvent",
  "boundaryEvent",
  "receiveTask", // waits for its message (event.kind "message")
  "eventBasedGateway", // the first of its catch events to fire wins
  "subProcess",
  "callActivity",
  "intermediateThrowEvent", // none, escalation, compensate (WF-B); message (WF-C); signal (WF-A)
] as const;
export type ElementType = typeof ELEMENT_TYPES[number];

/** A timer as BPMN writes it: an ISO 8601 date, duration or repeat (R3/PT1H); or a cron. */
export interface TimerDef {
  kind: "date" | "duration" | "cycle";
  /** The expression as written; `${...}` or `=...` (FEEL) is evaluated against the variables. */
  expression: string;
}

/** A multi-instance marker on an activity (several approvers, one per item of a collection). */
export interface LoopDef {
  sequential: boolean;
  /** FEEL expression (or camunda:collection variable name) giving the list. */
  collection?: string;
  /** Variable each instance sees its item under (camunda:elementVariable). */
  elementVariable?: string;
  /** A fixed count (loopCardinality) when there is no collection. */
  cardinality?: string;
  /** FEEL completion condition (nrOfCompletedInstances, nrOfInstances, …), optional. */
  completionCondition?: string;
}

/** Input/output mapping (camunda:inputOutput): name → FEEL expression. */
export interface IoMapping {
  inputs: { name: string; expression: string }[];
  outputs: { name: string; expression: string }[];
}

export interface ElementDef {
  id: string;
  type: ElementType;
  name: string;
  /** Ids of the sequence flows in and out of this element. */
  incoming: string[];
  outgoing: string[];
  /** The subprocess (element id) this element is drawn in; null at process level. */
  parent: string | null;
  /** Gateways and activities: the flow taken when no condition matches. */
  defaultFlow?: string;
  /** Events: the event definition, if any. */
  event?:
    | { kind: "none" }
    | { kind: "timer"; timer: TimerDef }
    | { kind: "message"; message: string }
    | { kind: "signal"; signal: string }
    /** A FEEL condition over the variables, re-checked whenever a step changes variables. */
    | { kind: "conditional"; condition: string }
    | { kind: "error"; errorCode?: string }
    | { kind: "escalation"; escalationCode?: string }
    | { kind: "compensate"; activityRef?: string }
    | { kind: "terminate" };
  /** Boundary events: the activity they sit on and whether they cancel it. Also the start
   * event of an event subprocess: whether it interrupts its scope (isInterrupting). */
  attachedTo?: string;
  cancelActivity?: boolean;
  /** Event subprocess: started by its typed start event while its scope is active. */
  triggeredByEvent?: boolean;
  /** A compensation handler: runs only when compensation is thrown, never on a flow. */
  isForCompensation?: boolean;
  /** Compensation boundary event: the handler activity its association points at. */
  compensationHandler?: string;
  /** User task (camunda:* attributes as written; FEEL or ${var} expressions allowed). */
  assignee?: string;
  candidateUsers?: string[];
  candidateGroups?: string[];
  formKey?: string;
  /** A form embedded in the model (camunda:formData fields), used when there is no formKey. */
  formFields?: FormField[];
  dueDate?: string;
  followUpDate?: string;
  priority?: string;
  /**
   * Service task (and a send task or message throw event with camunda:type="external"): an
   * Automation agent, a platform operation with FEEL-built input, or any other topic: an
   * external task a worker fetches (priority: camunda:taskPriority, a number or expression).
   */
  service?:
    | { kind: "agent"; agent: string; input?: string }
    | { kind: "operation"; operation: string; input?: string }
    | { kind: "external"; topic: string; priority?: string };
  /** Script task: FEEL, or JavaScript run in the sandbox; result stored in resultVariable. */
  script?: { language: "feel" | "javascript"; body: string; resultVariable?: string };
  /** Business rule task: the decision table it evaluates (camunda:decisionRef) and how the
   * result is stored (camunda:resultVariable, camunda:mapDecisionResult; Camunda 7 semantics). */
  decision?: {
    ref: string;
    resultVariable?: string;
    mapResult: "singleEntry" | "singleResult" | "collectEntries" | "resultList";
  };
  /** Send task: e-mail (to, subject and body are templates over the variables). */
  mail?: { to: string; subject: string; body: string };
  /** Call activity: the definition key it starts, and variable passing. */
  calledElement?: string;
  loop?: LoopDef;
  io?: IoMapping;
  /** camunda:asyncBefore: the element starts in a queue job of its own (a transaction boundary). */
  asyncBefore?: boolean;
}

export interface FormField {
  id: string;
  label: string;
  type: "string" | "long" | "boolean" | "date" | "enum";
  required?: boolean;
  defaultValue?: string;
  values?: { id: string; name: string }[];
}

export interface FlowDef {
  id: string;
  name: string;
  source: string;
  target: string;
  /** FEEL condition (as written, `${...}` JUEL-style conditions are translated). */
  condition?: string;
}

export interface ProcessModel {
  /** The BPMN process id (the definition key). */
  id: string;
  name: string;
  elements: Record<string, ElementDef>;
  flows: Record<string, FlowDef>;
  /** Start events at process level (not inside subprocesses). */
  startEvents: string[];
}

/** Job names the engine's steps ride on (shared queue). */
export const STEP_JOB = "workflow.step";
export const TIMER_JOB = "workflow.timer";

/** Payload of a STEP_JOB: advance one token of one instance. */
export interface StepPayload {
  instanceId: string;
  tokenId: string;
}
