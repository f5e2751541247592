import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { crudService } from "../common/crud.service.ts";
import {
  activeTemplate,
  bumpCounter,
  deactivateOthers,
  numberingRepo,
  numberTaken,
  peekCounter,
} from "./numbering.repo.ts";
import { formatNumber, patternError, periodOf, type Reset } from "./numbering.pattern.rules.ts";
import type {
  NumberingTemplate,
  NumberingTemplateInput,
  NumberingTemplateUpdate,
} from "./numbering.schemas.ts";

/** Used until a tenant activates a template of its own. */
export const FALLBACK = {
  id: "00000000-0000-0000-0000-000000000000",
  pattern: "T-{YYYY}-{SEQ:5}",
  reset: "yearly" as Reset,
};

async function prepare(
  actor: Actor,
  input: Record<string, unknown>,
  before: NumberingTemplate | null,
) {
  const pattern = (input.pattern ?? before?.pattern) as string;
  const reset = (input.reset ?? before?.reset ?? "never") as Reset;
  const error = patternError(pattern, reset);
  if (error) throw problems.unprocessable(error);
  if (input.active) await deactivateOthers(actor.sql, before?.id ?? null);
  return input;
}

export const numberingService = crudService<
  NumberingTemplate,
  NumberingTemplateInput,
  NumberingTemplateUpdate
>(numberingRepo, {
  entityType: "numbering-template",
  noun: "numbering template",
  label: (r) => r.name,
  prepare,
});

/** Assigns the next number from the active template, inside the ticket's transaction. */
export async function takeNumber(actor: SystemActor, at = new Date()): Promise<string> {
  const { sql } = actor;
  const t = (await activeTemplate(sql)) ?? FALLBACK;
  const period = periodOf(t.reset, at);
  // A new or edited template may produce numbers older tickets already carry (e.g. the same
  // pattern as the fallback): skip those instead of failing every create with a 409.
  for (let i = 0; i < 10_000; i++) {
    const number = formatNumber(t.pattern, at, await bumpCounter(sql, t.id, period));
    if (!(await numberTaken(sql, number))) return number;
  }
  throw problems.conflict("The numbering template keeps producing numbers already in use.");
}

/** The number the template would give next (nothing is taken). */
export async function previewNext(actor: Actor, input: { id: string; at?: Date }) {
  const at = input.at ?? new Date();
  const t = await numberingService.get(actor, input.id);
  const seq = (await peekCounter(actor.sql, t.id, periodOf(t.reset, at))) + 1;
  return { next: formatNumber(t.pattern, at, seq) };
}
