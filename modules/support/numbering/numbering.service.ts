import type { Sql } from "../../../shared/db/database.ts";
import { problems } from "../../../shared/http/problem.ts";
import { crudService } from "../common/crud.service.ts";
import {
  activeTemplate,
  bumpCounter,
  deactivateOthers,
  numberingRepo,
  peekCounter,
} from "./numbering.repo.ts";
import { formatNumber, patternError, periodOf, type Reset } from "./numbering.pattern.ts";
import type { NumberingTemplate } from "./numbering.schemas.ts";

/** Used until a tenant activates a template of its own. */
export const FALLBACK = {
  id: "00000000-0000-0000-0000-000000000000",
  pattern: "T-{YYYY}-{SEQ:5}",
  reset: "yearly" as Reset,
};

async function prepare(sql: Sql, input: Record<string, unknown>, before: NumberingTemplate | null) {
  const pattern = (input.pattern ?? before?.pattern) as string;
  const reset = (input.reset ?? before?.reset ?? "never") as Reset;
  const error = patternError(pattern, reset);
  if (error) throw problems.unprocessable(error);
  if (input.active) await deactivateOthers(sql, before?.id ?? null);
  return input;
}

export const numberingService = crudService(numberingRepo, {
  entityType: "numbering-template",
  noun: "numbering template",
  label: (r) => r.name,
  prepare,
});

/** Assigns the next number from the active template, inside the ticket's transaction. */
export async function takeNumber(sql: Sql, at = new Date()): Promise<string> {
  const t = (await activeTemplate(sql)) ?? FALLBACK;
  const seq = await bumpCounter(sql, t.id, periodOf(t.reset, at));
  return formatNumber(t.pattern, at, seq);
}

export async function previewNext(sql: Sql, id: string, at = new Date()) {
  const t = await numberingService.get(sql, id);
  const seq = (await peekCounter(sql, t.id, periodOf(t.reset, at))) + 1;
  return { next: formatNumber(t.pattern, at, seq) };
}

export function previewPattern(pattern: string, reset: Reset, at = new Date()) {
  return patternError(pattern, reset) ?? formatNumber(pattern, at, 1);
}
