/**
 * What the interpreter (engine.step.ts) dispatches to: the behaviour of each element type, the
 * hooks the element files fill (multi-instance, boundaries, cancel, inclusive joins), and the
 * two ways an element fails. Element files register through engine.step.ts, which re-exports
 * this file.
 */
import type { ElementDef } from "../common/model.ts";
import { FeelError } from "./engine.feel.ts";
import type { TokenRow } from "./engine.repo.ts";
import type { Step } from "./engine.step.ts";

/** An element that cannot go on (bad expression, refused operation): becomes an incident. */
export class ElementError extends Error {
  constructor(readonly kind: string, message: string) {
    super(message);
  }
}

/** A failure that aborted the transaction (SQL): the job rolls back and records it afresh. */
export class ElementFailure extends Error {
  constructor(readonly tokenId: string, readonly elementId: string, cause: unknown) {
    super(`element ${elementId} failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

export function isElementError(err: unknown): boolean {
  return err instanceof ElementError || err instanceof FeelError;
}

/** The incident kind of a failure: the ElementError's, `expression` for FEEL, else `error`. */
export function errorKind(err: unknown): string {
  return err instanceof ElementError ? err.kind : err instanceof FeelError ? "expression" : "error";
}

export type Behaviour = (s: Step, t: TokenRow, el: ElementDef) => Promise<void>;
const behaviours = new Map<string, Behaviour>();

/** Element families register here (elements/*.ts). */
export function defineBehaviour(types: string[], b: Behaviour) {
  for (const t of types) behaviours.set(t, b);
}

export function behaviourOf(type: string): Behaviour | undefined {
  return behaviours.get(type);
}

/** Hooks the element files fill: multi-instance entry and child completion, boundary arming. */
export const hooks: {
  enterLoop?: Behaviour;
  loopChildDone?: (s: Step, child: TokenRow) => Promise<void>;
  armBoundaries?: (s: Step, t: TokenRow, el: ElementDef) => Promise<void>;
  cancelToken?: (s: Step, t: TokenRow) => Promise<void>;
  /** Inclusive joins waiting for branches that can no longer arrive fire here. */
  settleJoins?: (s: Step) => Promise<boolean>;
} = {};

export function setJoinSettler(fn: (s: Step) => Promise<boolean>) {
  hooks.settleJoins = fn;
}
