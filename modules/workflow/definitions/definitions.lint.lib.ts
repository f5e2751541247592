/**
 * bpmnlint with its `recommended` configuration, adapted to what our engine runs. Deno cannot
 * use bpmnlint's node resolver (it walks node_modules with require), so the rules are imported
 * statically and handed to its StaticResolver. Error-level findings refuse a deployment;
 * warnings are stored with the version and shown in the designer.
 */
import { Linter } from "bpmnlint";
import StaticResolver from "bpmnlint/lib/resolver/static-resolver.js";
import recommended from "bpmnlint/config/recommended.js";
import adHocSubProcess from "bpmnlint/rules/ad-hoc-sub-process.js";
import conditionalFlows from "bpmnlint/rules/conditional-flows.js";
import endEventRequired from "bpmnlint/rules/end-event-required.js";
import eventBasedGateway from "bpmnlint/rules/event-based-gateway.js";
import eventSubProcessTypedStartEvent from "bpmnlint/rules/event-sub-process-typed-start-event.js";
import fakeJoin from "bpmnlint/rules/fake-join.js";
import global from "bpmnlint/rules/global.js";
import labelRequired from "bpmnlint/rules/label-required.js";
import linkEvent from "bpmnlint/rules/link-event.js";
import noBpmndi from "bpmnlint/rules/no-bpmndi.js";
import noComplexGateway from "bpmnlint/rules/no-complex-gateway.js";
import noDisconnected from "bpmnlint/rules/no-disconnected.js";
import noDuplicateSequenceFlows from "bpmnlint/rules/no-duplicate-sequence-flows.js";
import noGatewayJoinFork from "bpmnlint/rules/no-gateway-join-fork.js";
import noImplicitSplit from "bpmnlint/rules/no-implicit-split.js";
import noImplicitEnd from "bpmnlint/rules/no-implicit-end.js";
import noImplicitStart from "bpmnlint/rules/no-implicit-start.js";
import noInclusiveGateway from "bpmnlint/rules/no-inclusive-gateway.js";
import noOverlappingElements from "bpmnlint/rules/no-overlapping-elements.js";
import singleBlankStartEvent from "bpmnlint/rules/single-blank-start-event.js";
import singleEventDefinition from "bpmnlint/rules/single-event-definition.js";
import startEventRequired from "bpmnlint/rules/start-event-required.js";
import subProcessBlankStartEvent from "bpmnlint/rules/sub-process-blank-start-event.js";
import superfluousGateway from "bpmnlint/rules/superfluous-gateway.js";
import superfluousLabel from "bpmnlint/rules/superfluous-label.js";
import superfluousTermination from "bpmnlint/rules/superfluous-termination.js";

/** camunda:*Listener extension element type → what the modeller reads. */
const LISTENERS: Record<string, string> = {
  "camunda:ExecutionListener": "Execution listeners",
  "camunda:TaskListener": "Task listeners",
};

/**
 * The properties panel offers execution and task listeners (a Java class, an expression or a
 * script run on start/end/create/…). The engine runs none of them, so a model with one would
 * deploy and then silently skip that work: refused instead, naming the element.
 */
const camundaListeners = () => ({
  check(node: { id?: string; extensionElements?: { values?: { $type: string }[] } }, reporter: {
    report(id: string, message: string): void;
  }) {
    const found = new Set((node.extensionElements?.values ?? []).map((v) => v.$type));
    for (const [type, label] of Object.entries(LISTENERS)) {
      if (found.has(type) && node.id) {
        reporter.report(
          node.id,
          `${label} are not run by this engine; model the work as a task (script, service or user task) instead.`,
        );
      }
    }
  },
});

interface FlowNode {
  id?: string;
  $type: string;
  name?: string;
  sourceRef?: FlowNode;
  targetRef?: FlowNode;
  flowElements?: FlowNode[];
}

/**
 * BPMN lets ids be left out, and Camunda's own test models leave them off sequence flows; the
 * engine keys every flow and element by its id, so each needs one (reported on the container,
 * or on the flow's source, which the designer can select).
 */
const elementIds = () => ({
  check(node: FlowNode, reporter: { report(id: string, message: string): void }) {
    for (const child of node.flowElements ?? []) {
      if (child.id) continue;
      const type = child.$type.replace(/^bpmn:/, "").replace(/\B([A-Z])/g, " $1").toLowerCase();
      const where = child.sourceRef?.id && child.targetRef?.id
        ? ` from "${child.sourceRef.id}" to "${child.targetRef.id}"`
        : child.name
        ? ` "${child.name}"`
        : "";
      reporter.report(
        child.sourceRef?.id ?? node.id ?? "",
        `A ${type}${where} has no id; give every element and flow an id.`,
      );
    }
  },
});

/**
 * A collapsed pool (a participant without a process, the designer's "Empty pool") stands for a
 * partner outside the model; the compiler runs one pool only and would name the collaboration,
 * which the designer cannot select: this names the pool itself.
 */
const blackBoxPools = () => ({
  check(node: FlowNode & { processRef?: FlowNode }, reporter: {
    report(id: string, message: string): void;
  }) {
    if (node.$type === "bpmn:Participant" && !node.processRef && node.id) {
      reporter.report(
        node.id,
        "Pools without a process (collapsed pools) are not supported: a model holds one pool.",
      );
    }
  },
});

const RULES: Record<string, unknown> = {
  "camunda-listeners": camundaListeners,
  "black-box-pools": blackBoxPools,
  "element-ids": elementIds,
  "ad-hoc-sub-process": adHocSubProcess,
  "conditional-flows": conditionalFlows,
  "end-event-required": endEventRequired,
  "event-based-gateway": eventBasedGateway,
  "event-sub-process-typed-start-event": eventSubProcessTypedStartEvent,
  "fake-join": fakeJoin,
  "global": global,
  "label-required": labelRequired,
  "link-event": linkEvent,
  "no-bpmndi": noBpmndi,
  "no-complex-gateway": noComplexGateway,
  "no-disconnected": noDisconnected,
  "no-duplicate-sequence-flows": noDuplicateSequenceFlows,
  "no-gateway-join-fork": noGatewayJoinFork,
  "no-implicit-split": noImplicitSplit,
  "no-implicit-end": noImplicitEnd,
  "no-implicit-start": noImplicitStart,
  "no-inclusive-gateway": noInclusiveGateway,
  "no-overlapping-elements": noOverlappingElements,
  "single-blank-start-event": singleBlankStartEvent,
  "single-event-definition": singleEventDefinition,
  "start-event-required": startEventRequired,
  "sub-process-blank-start-event": subProcessBlankStartEvent,
  "superfluous-gateway": superfluousGateway,
  "superfluous-label": superfluousLabel,
  "superfluous-termination": superfluousTermination,
};

/** `recommended`, with the changes our engine and the Camunda 7 models it runs call for. */
export const LINT_RULES: Record<string, "error" | "warn" | "off"> = {
  ...(recommended.rules as Record<string, "error" | "warn" | "off">),
  // Camunda Modeler exports leave start and end events unnamed; the engine never needs a
  // label, so a missing one is a hint, not a reason to refuse.
  "label-required": "warn",
  // We run inclusive gateways.
  "no-inclusive-gateway": "off",
  // Elements we do not run (event-based and complex gateways, ad-hoc subprocesses, link
  // events) are refused by the compiler, with each element's id and type; the same finding
  // from the linter would only repeat it.
  "event-based-gateway": "off",
  "no-complex-gateway": "off",
  "ad-hoc-sub-process": "off",
  "link-event": "off",
  "event-sub-process-typed-start-event": "off",
  // The compiler checks start events and gateway conditions itself, with messages that say
  // what to change (and it knows default flows and FEEL/JUEL conditions).
  "start-event-required": "off",
  "conditional-flows": "off",
  // A model without a diagram is laid out at deploy (bpmn-auto-layout), which draws flow nodes
  // and sequence flows but not associations, groups or pools: their missing shapes change
  // nothing the engine runs (Camunda's own test models come without any diagram).
  "no-bpmndi": "warn",
  // Ours: listeners the designer's properties panel offers but the engine does not run.
  "camunda-listeners": "error",
  "element-ids": "error",
  "black-box-pools": "error",
};

const cache: Record<string, unknown> = {};
for (const [name, rule] of Object.entries(RULES)) cache[`rule:bpmnlint/${name}`] = rule;
const resolver = new StaticResolver(cache);

export interface LintFinding {
  elementId: string;
  message: string;
  rule: string;
  level: "error" | "warn";
}

/**
 * Lints a parsed definitions element. A new Linter each time: bpmnlint's rule instances keep
 * state across the elements they visit (no-duplicate-sequence-flows remembers every flow).
 */
export async function lintDefinitions(definitions: unknown): Promise<LintFinding[]> {
  const rules = Object.fromEntries(Object.entries(LINT_RULES).filter(([, v]) => v !== "off"));
  const linter = new Linter({ resolver, config: { rules } });
  const results = await linter.lint(definitions) as Record<
    string,
    { id?: string; message: string; category: string }[]
  >;
  const findings: LintFinding[] = [];
  for (const [rule, reports] of Object.entries(results)) {
    for (const r of reports) {
      findings.push({
        elementId: r.id ?? "",
        message: r.message,
        rule,
        // A rule that crashed ("rule-error") is our problem, not the modeller's: a warning.
        level: r.category === "error" ? "error" : "warn",
      });
    }
  }
  return findings;
}
