/** Pure helpers of the designer page: the blank diagram and the choices offered beside it. */
import type { BpmnProblem } from "../definitions/definitions.compile.lib.ts";
import { validateBpmn } from "../definitions/definitions.rules.ts";

const xmlText = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/**
 * A new process: one none start event, executable, with the Camunda namespace declared. Its
 * name (the definition's name until renamed) is given, so people never see the generated id.
 */
export function blankDiagram(
  name = "New process",
  processId = `Process_${crypto.randomUUID().slice(0, 8)}`,
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_${
    processId.slice(8)
  }" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${processId}" name="${xmlText(name)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${processId}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/**
 * Platform operations a service task may run (camunda:topic), as the BPMN conventions name
 * them. Automation's registry holds the authoritative list; it is not offered through its
 * public.ts yet, so the designer keeps these names (labels come from Automation's messages).
 */
export const OPERATION_TOPICS = [
  "support.tickets.create",
  "support.tickets.close",
  "support.customers.create",
  "projects.tasks.create",
  "documents.files.upload",
  "platform.mail.send",
] as const;

/** The service-task topic that runs an Automation agent. */
export const agentTopic = (name: string) => `agent:${name}`;

/** Largest diagram the designer posts (the app's body limit may be lower). */
export const MAX_XML_CHARS = 2_000_000;

export interface Findings {
  problems: BpmnProblem[];
  warnings: BpmnProblem[];
}

/** Problems (refuse deploying) and lint warnings of a diagram. */
export async function checkDiagram(xml: string): Promise<Findings> {
  const found = await validateBpmn(xml);
  return { problems: found.problems ?? [], warnings: found.warnings ?? [] };
}
