/**
 * What each BPMN element type does when a token reaches it: the element families
 * (elements/*.service.ts) register their behaviours here when loaded; the step looks them up.
 */
import type { ElementDef } from "../common/model.lib.ts";
import type { TokenRow } from "./engine.repo.ts";
import type { Step } from "./engine.step.service.ts";

export type Behaviour = (s: Step, t: TokenRow, el: ElementDef) => Promise<void>;

const behaviours = new Map<string, Behaviour>();

/** Element families register here (elements/*.service.ts). */
export function defineBehaviour(types: string[], b: Behaviour) {
  for (const t of types) behaviours.set(t, b);
}

export const behaviourOf = (type: string): Behaviour | undefined => behaviours.get(type);
