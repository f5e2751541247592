/**
 * The script guide's content is data: sections of prose (English and Turkish) with examples
 * that tests/workflow/guide.test.ts runs through the engine's own functions, so the guide
 * cannot drift from what the engine does.
 */

/** Which engine door an example goes through (guide.evaluate.lib.ts evaluateExample). */
export type ExampleKind = "feel" | "condition" | "script-js" | "script-feel" | "timer" | "io";

/** Text in both languages the app speaks. */
export interface Prose {
  en: string;
  tr: string;
}

export interface GuideExample {
  /** Stable, unique across the guide (the "Try it" form posts it). */
  id: string;
  title: Prose;
  kind: ExampleKind;
  /** Timers only: which timer attribute the expression is written in. */
  timer?: "date" | "duration" | "cycle";
  code: string;
  variables: Record<string, unknown>;
  /** The result the engine gives (deep equal); absent when `error` is expected instead. */
  expected?: unknown;
  /** A part of the error message the engine gives (the step would stop with an incident). */
  error?: string;
}

/** A reference list the page fills at run time (never stale: read from the modules). */
export type GuideList = "operations" | "events";

export interface GuideSection {
  id: string;
  title: Prose;
  /** Paragraphs. */
  prose: Prose[];
  /** How it is written in the BPMN XML (reference only; not evaluated). */
  xml?: string;
  list?: GuideList;
  examples: GuideExample[];
}
