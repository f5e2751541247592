/** Small pure rules of the definitions feature. */
import { type FieldError, Problem } from "../../../shared/http/problem.ts";
import { type BpmnProblem, compileBpmn } from "./definitions.compile.lib.ts";
import type { Validation } from "./definitions.schemas.ts";

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

/** 422 listing each offending element: `path` is its id, `elementType` its BPMN type. */
export function invalidModel(
  list: BpmnProblem[],
  detail = "The process model cannot be deployed.",
) {
  const errors = list.map((p) => ({
    path: p.elementId ?? "definitions",
    message: p.message,
    elementType: p.elementType,
    ...(p.rule ? { rule: p.rule } : {}),
  })) as FieldError[];
  return new Problem(422, "invalid-bpmn", "Unprocessable Content", detail, errors);
}

export async function validateBpmn(xml: string): Promise<Validation> {
  const r = await compileBpmn(xml);
  return {
    valid: r.problems.length === 0,
    key: r.model?.id ?? null,
    name: r.model?.name ?? null,
    problems: r.problems,
    warnings: r.warnings,
  };
}
