/**
 * Messages and signals from outside (Camunda 7's correlation API): the request is checked here,
 * the engine correlates (engine.correlate.service.ts) in the caller's transaction, so a request
 * that fails changes nothing.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { broadcastSignal, correlateMessage } from "../engine/engine.service.ts";
import { checkVariables, engine } from "../instances/instances.rules.ts";
import type {
  CorrelateInput,
  CorrelationAnswer,
  SignalAnswer,
  SignalInput,
} from "./messages.schemas.ts";

export async function correlate(actor: Actor, input: CorrelateInput): Promise<CorrelationAnswer> {
  const errors = [
    ...checkVariables(input.processVariables).map((e) => ({
      ...e,
      path: e.path.replace("body.variables", "body.processVariables"),
    })),
  ];
  if (errors.length) throw problems.validation(errors);
  const results = await engine(() => correlateMessage(actor, input));
  return { results };
}

export async function broadcast(actor: Actor, input: SignalInput): Promise<SignalAnswer> {
  const errors = checkVariables(input.variables);
  if (errors.length) throw problems.validation(errors);
  return await engine(() => broadcastSignal(actor, input));
}
