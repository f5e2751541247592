/** Small pure rules of the definitions feature. */

/** A safe download name: the process key and version, nothing a header could misread. */
export const xmlFileName = (key: string, version: number) =>
  `${key.replace(/[^\w.-]+/g, "_").slice(0, 100) || "process"}-v${version}.bpmn`;

/** A process key a person may type: what BPMN allows as an id, kept simple. */
export const isProcessKey = (key: string) => /^[A-Za-z_][\w-]{0,99}$/.test(key);

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The starting model of a new definition: a start and an end event, no diagram (the compiler
 * lays it out), ready for the designer.
 */
export const blankBpmn = (key: string, name: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="${escapeXml(name)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" name="Start"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:endEvent id="EndEvent_1" name="End"><bpmn:incoming>Flow_1</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="EndEvent_1" />
  </bpmn:process>
</bpmn:definitions>
`;
