/**
 * Everything a process designer can write, as data: the page renders it and
 * tests/workflow/guide.test.ts runs every example through the engine.
 */
import { FEEL_SECTIONS } from "./guide.feel.examples.lib.ts";
import { MODEL_SECTIONS } from "./guide.model.examples.lib.ts";
import { PROCESS_SECTIONS } from "./guide.process.examples.lib.ts";
import { DECISION_SECTIONS } from "./guide.decisions.examples.lib.ts";
import type { GuideExample, GuideSection } from "./guide.types.lib.ts";

export type { ExampleKind, GuideExample, GuideSection, Prose } from "./guide.types.lib.ts";

export const GUIDE: GuideSection[] = [
  ...FEEL_SECTIONS,
  ...PROCESS_SECTIONS,
  ...MODEL_SECTIONS,
  ...DECISION_SECTIONS,
];

/** Every example of the guide, by id. */
export const EXAMPLES: Map<string, GuideExample> = new Map(
  GUIDE.flatMap((s) => s.examples).map((e) => [e.id, e]),
);
