/**
 * Reading BPMN 2.0 XML into moddle elements: bpmn-moddle with the Camunda 7 extension, so
 * camunda:* attributes and extension elements arrive typed. Also the shape of the moddle
 * elements the compiler reads (moddle objects are dynamic; this names what we use).
 */
import { BpmnModdle } from "bpmn-moddle";
import camunda from "camunda-bpmn-moddle/resources/camunda.json" with { type: "json" };

/** A moddle element, as far as the compiler reads it. */
export interface El {
  $type: string;
  $parent?: El;
  id?: string;
  name?: string;
  // containers
  rootElements?: El[];
  diagrams?: El[];
  plane?: El;
  planeElement?: El[];
  participants?: El[];
  messageFlows?: El[];
  processRef?: El;
  flowElements?: El[];
  isExecutable?: boolean;
  triggeredByEvent?: boolean;
  isForCompensation?: boolean;
  // flows
  sourceRef?: El;
  targetRef?: El;
  incoming?: El[];
  outgoing?: El[];
  conditionExpression?: El;
  default?: El;
  body?: string;
  language?: string;
  // events
  eventDefinitions?: El[];
  attachedToRef?: El;
  cancelActivity?: boolean;
  timeDate?: El;
  timeDuration?: El;
  timeCycle?: El;
  messageRef?: El;
  errorRef?: El;
  errorCode?: string;
  // activities
  loopCharacteristics?: El;
  isSequential?: boolean;
  loopCardinality?: El;
  completionCondition?: El;
  calledElement?: string;
  asyncBefore?: boolean;
  scriptFormat?: string;
  script?: string;
  extensionElements?: El;
  values?: El[];
  // camunda
  assignee?: string;
  candidateUsers?: string;
  candidateGroups?: string;
  dueDate?: string;
  followUpDate?: string;
  priority?: string;
  formKey?: string;
  type?: string;
  topic?: string;
  taskPriority?: string;
  class?: string;
  delegateExpression?: string;
  expression?: string;
  resultVariable?: string;
  collection?: string;
  elementVariable?: string;
  fields?: El[];
  label?: string;
  defaultValue?: string;
  validation?: El;
  constraints?: El[];
  config?: string;
  inputParameters?: El[];
  outputParameters?: El[];
  value?: string;
  definition?: El;
  items?: El[];
  entries?: El[];
  key?: string;
}

export interface ParseResult {
  definitions: El;
  elementsById: Record<string, El>;
  warnings: { message: string; elementId?: string }[];
}

const moddle = () => new BpmnModdle({ camunda });

/**
 * Camunda 7 still reads models written for Activiti (its ancestor), whose extension
 * namespace differs; alias it so those attributes are understood the same way.
 */
export const aliasNamespaces = (xml: string) =>
  xml.replaceAll('"http://activiti.org/bpmn"', '"http://camunda.org/schema/1.0/bpmn"');

/** Parses XML; throws an Error with a readable message when it is not BPMN 2.0 XML. */
export async function parseBpmn(xml: string): Promise<ParseResult> {
  const result = await moddle().fromXML(aliasNamespaces(xml), "bpmn:Definitions") as {
    rootElement: El;
    elementsById: Record<string, El>;
    warnings: { message: string; element?: { id?: string } }[];
  };
  return {
    definitions: result.rootElement,
    elementsById: result.elementsById ?? {},
    warnings: result.warnings.map((w) => ({
      message: w.message.split("\n")[0],
      elementId: w.element?.id,
    })),
  };
}

/** `bpmn:UserTask` → `userTask`. */
export const localType = (el: El) => {
  const name = el.$type.replace(/^[^:]+:/, "");
  // Acronyms (BPMNShape) stay as they are.
  return /^[A-Z][a-z]/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
};

/** Extension elements of one camunda type (`camunda:FormData`, …). */
export const extensions = (el: El, type: string): El[] =>
  (el.extensionElements?.values ?? []).filter((v) => v.$type === type);

/**
 * Camunda Modeler writes <incoming>/<outgoing> next to each flow's sourceRef/targetRef;
 * hand-written and generated models often leave them out. bpmnlint and the auto-layout read
 * only the element side, so fill it in from the flows.
 */
export function linkFlowRefs(container: El) {
  for (const el of container.flowElements ?? []) {
    if (el.$type === "bpmn:SequenceFlow") {
      const out = el.sourceRef;
      const inc = el.targetRef;
      if (out) (out.outgoing ??= []).includes(el) || out.outgoing.push(el);
      if (inc) (inc.incoming ??= []).includes(el) || inc.incoming.push(el);
    }
    if (el.flowElements) linkFlowRefs(el);
  }
}

/** Serializes moddle elements back to XML (Camunda attributes included). */
export async function toXml(definitions: El): Promise<string> {
  return (await moddle().toXML(definitions, { format: true }) as { xml: string }).xml;
}

/** True when the diagram already has shapes (Camunda Modeler, bpmn-js and most tools). */
export const hasDiagram = (definitions: El) =>
  (definitions.diagrams ?? []).some((d) => (d.plane?.planeElement ?? []).length > 0);
