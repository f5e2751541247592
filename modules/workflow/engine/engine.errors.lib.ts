/**
 * The two ways an element fails: an ElementError (or a FEEL error) becomes an incident on its
 * token; an ElementFailure (SQL) aborts the transaction and the job records it afresh.
 */
import { FeelError } from "./engine.feel.lib.ts";
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
