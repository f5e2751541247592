/**
 * Business rule task: evaluates the tenant's latest version of the DMN decision table its
 * camunda:decisionRef names against the token's variables, stores the result as
 * camunda:mapDecisionResult says in camunda:resultVariable (Camunda 7 semantics), applies
 * output mappings (`result` is the mapped result) and moves on. A missing table, a broken
 * UNIQUE/ANY rule or a failing expression becomes an incident with that message.
 */
import { evaluateLatest, MissingDecision } from "../../decisions/decisions.service.ts";
import { DecisionError, mapResult } from "../../decisions/decisions.rules.ts";
import { parameter } from "../engine.feel.lib.ts";
import type { Vars } from "../engine.repo.ts";
import { ElementError } from "../engine.step.service.ts";
import { defineBehaviour } from "../engine.step.service.ts";

defineBehaviour(["businessRuleTask"], async (s, t, el) => {
  const decision = el.decision;
  if (!decision) {
    throw new ElementError("configuration", `business rule task ${el.id} names no decision`);
  }
  let value: unknown;
  try {
    const evaluation = await evaluateLatest(s.actor, { key: decision.ref, vars: s.varsOf(t) });
    value = mapResult(evaluation.result, decision.mapResult);
    s.record(t, "decision.evaluated", {
      decision: decision.ref,
      version: evaluation.version,
      matchedRules: evaluation.matchedRules,
    });
  } catch (err) {
    if (err instanceof MissingDecision || err instanceof DecisionError) {
      throw new ElementError("decision", err.message);
    }
    throw err;
  }
  if (decision.resultVariable) s.setVars({ [decision.resultVariable]: value }, t);
  const outputs = el.io?.outputs ?? [];
  if (outputs.length) {
    const vars = { ...s.varsOf(t), result: value };
    const values: Vars = {};
    for (const p of outputs) values[p.name] = parameter(p.expression, vars);
    s.setVars(values, t);
  }
  await s.leave(t);
});
