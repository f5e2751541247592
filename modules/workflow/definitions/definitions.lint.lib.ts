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

const RULES: Record<string, unknown> = {
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
