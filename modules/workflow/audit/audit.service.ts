import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { type CsvColumn, toCsv } from "../../../shared/http/csv.ts";
import { type AuditFilter, type AuditRow, selectAudit, selectFilterChoices } from "./audit.repo.ts";
import { auditBounds, parseJson } from "./audit.rules.ts";
import type { AuditEntry, AuditFilterInput } from "./audit.schemas.ts";

/** Rows one CSV export holds at most; a longer log is exported in narrower periods. */
export const AUDIT_CSV_CAP = 50_000;
const CSV_BATCH = 1_000;

function filterOf(input: AuditFilterInput): AuditFilter {
  const { from, to } = auditBounds(input.from, input.to);
  if (from && to && from >= to) {
    throw problems.validation([{ path: "query.to", message: "Must be after from" }]);
  }
  return {
    category: input.category,
    actorId: input.actorId === "system" ? null : input.actorId?.toLowerCase(),
    instanceId: input.instanceId?.toLowerCase(),
    definitionId: input.definitionId?.toLowerCase(),
    from,
    to,
  };
}

const cursorOf = (cursor?: string) =>
  decodeCursor(cursor, ["timestamp", "uuid"]) as [string, string] | null;

function toEntry(r: AuditRow): AuditEntry {
  const data = parseJson(r.dataJson);
  return {
    id: r.id,
    at: r.sortAt,
    source: r.source,
    category: r.category,
    event: r.event,
    actorId: r.actorId,
    actorName: r.actorName,
    instanceId: r.instanceId,
    instanceName: r.instanceName,
    definitionId: r.definitionId,
    definitionName: r.definitionName,
    taskId: r.taskId,
    taskName: r.taskName,
    elementName: r.elementName,
    subject: r.subject,
    summary: r.summary,
    fromName: r.fromName,
    toName: r.toName,
    before: parseJson(r.beforeJson),
    after: parseJson(r.afterJson),
    data: data && typeof data === "object" && !Array.isArray(data)
      ? data as Record<string, unknown>
      : {},
  };
}

/** The workflow audit trail, newest first, keyset-paged. */
export async function listAudit(
  actor: Actor,
  input: AuditFilterInput & { limit: number; cursor?: string },
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const rows = await selectAudit(actor.sql, filterOf(input), input.limit, cursorOf(input.cursor));
  const page = toPage(rows, input.limit, (r) => [r.sortAt, r.id]);
  return { items: page.items.map(toEntry), nextCursor: page.nextCursor };
}

const CSV_COLUMNS: CsvColumn<AuditEntry>[] = [
  { header: "at", value: (e) => e.at },
  { header: "category", value: (e) => e.category },
  { header: "event", value: (e) => e.event },
  { header: "actor", value: (e) => e.actorName ?? (e.actorId ? "" : "system") },
  { header: "process", value: (e) => e.instanceName },
  { header: "definition", value: (e) => e.definitionName },
  { header: "task", value: (e) => e.taskName },
  { header: "step", value: (e) => e.elementName },
  { header: "subject", value: (e) => e.subject },
  { header: "summary", value: (e) => e.summary },
  { header: "from", value: (e) => e.fromName ?? (e.before ? JSON.stringify(e.before) : null) },
  { header: "to", value: (e) => e.toName ?? (e.after ? JSON.stringify(e.after) : null) },
  { header: "data", value: (e) => JSON.stringify(e.data) },
  { header: "instanceId", value: (e) => e.instanceId },
  { header: "taskId", value: (e) => e.taskId },
];

/**
 * The same lines as CSV (formula cells neutralised by shared/http/csv.ts), newest first, read
 * in batches and capped at AUDIT_CSV_CAP rows.
 */
export async function auditCsv(
  actor: Actor,
  input: AuditFilterInput,
): Promise<{ csv: string; truncated: boolean }> {
  const filter = filterOf(input);
  const entries: AuditEntry[] = [];
  let after: [string, string] | null = null;
  while (entries.length < AUDIT_CSV_CAP) {
    const batch = Math.min(CSV_BATCH, AUDIT_CSV_CAP - entries.length);
    const rows = await selectAudit(actor.sql, filter, batch, after);
    entries.push(...rows.slice(0, batch).map(toEntry));
    if (rows.length <= batch) return { csv: toCsv(entries, CSV_COLUMNS), truncated: false };
    const last = rows[batch - 1];
    after = [last.sortAt, last.id];
  }
  return { csv: toCsv(entries, CSV_COLUMNS), truncated: true };
}

/** People and definitions the page's filters offer. */
export const auditFilterChoices = (actor: Actor) => selectFilterChoices(actor.sql);
