import type { Actor } from "../../../shared/http/actor.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { requireProjectRole } from "../access/access.service.ts";
import { statusesOf } from "../statuses/statuses.service.ts";
import { membersOf } from "../projects/projects.service.ts";
import { createTask } from "../tasks/tasks.service.ts";
import { flowNames, translator } from "../common/labels.lib.ts";
import type { ImportBody } from "./import.schemas.ts";
import {
  buildRows,
  CsvError,
  IMPORT_MAX_ROWS,
  type ImportRow,
  type Mapping,
  parentsFirst,
  parseCsv,
  type RowError,
  suggestMapping,
} from "./import.lib.ts";

const PREVIEW_ROWS = 50;
const ERRORS_SHOWN = 500;

/**
 * Reads a CSV into a project's tasks. Preview writes nothing and answers the rows as they
 * would be created with every row's errors; commit writes every row in the request's
 * transaction (one refusal: nothing is written), or only the rows without errors when asked.
 */
export async function importTasks(
  actor: Actor,
  { projectId, body }: { projectId: string; body: ImportBody },
) {
  const { sql, session } = actor;
  await requireProjectRole({ sql, session }, { projectId, needed: "member" });
  let csv;
  try {
    csv = parseCsv(body.csv);
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    if (e.code === "tooLarge") throw problems.tooLarge(e.message);
    if (e.code === "tooManyRows") {
      throw new Problem(422, "business-rule", "Unprocessable Content", e.message, [
        { path: "csv", message: `At most ${IMPORT_MAX_ROWS} rows` },
      ]);
    }
    throw problems.validation([{ path: "csv", message: e.message }], e.message);
  }
  const mapping: Mapping = { ...suggestMapping(csv.headers), ...(body.mapping ?? {}) };
  for (const h of Object.keys(mapping)) if (!csv.headers.includes(h)) delete mapping[h];
  if (!Object.values(mapping).includes("title")) {
    throw new Problem(422, "business-rule", "Unprocessable Content", "Map a column to the title.", [
      { path: "mapping", message: "No column is mapped to the title" },
    ]);
  }
  const statuses = await statusesOf({ sql }, projectId);
  const en = flowNames(translator("en"), statuses);
  const tr = flowNames(translator("tr"), statuses);
  const members = await membersOf({ sql }, projectId);
  const statusIds = new Set(statuses.map((s) => s.id));
  for (const [value, id] of Object.entries(body.statusMap ?? {})) {
    if (!statusIds.has(id)) {
      throw problems.validation([{
        path: `statusMap.${value}`,
        message: "Not a status of this project",
      }]);
    }
  }
  const rows = buildRows(csv, mapping, {
    statuses: statuses.map((s) => ({ id: s.id, names: [s.name, en.get(s.id)!, tr.get(s.id)!] })),
    members: members.map((m) => ({ userId: m.userId, name: m.name, email: m.email })),
    statusMap: body.statusMap,
  });
  const errors = rows.flatMap((r) => r.errors);
  const names = new Map(members.map((m) => [m.userId, m.name]));
  const statusNames = new Map(statuses.map((s) => [s.id, s.name]));
  const initial = statuses.find((s) => s.category === "open") ?? statuses[0];
  const statusValues = [
    ...new Set(errors.filter((e) => e.code === "unknownStatus").map((e) => e.value)),
  ];
  const answer = (created: number, skipped: number) => ({
    mode: body.mode,
    headers: csv.headers,
    mapping,
    delimiter: csv.delimiter,
    total: rows.length,
    valid: rows.filter((r) => !r.errors.length).length,
    rows: rows.slice(0, PREVIEW_ROWS).map((r) => ({
      row: r.row,
      title: r.title,
      statusId: r.statusId,
      statusName: statusNames.get(r.statusId ?? initial?.id ?? "") ?? null,
      priority: r.priority,
      assigneeIds: r.assigneeIds,
      assigneeNames: r.assigneeIds.map((id) => names.get(id) ?? ""),
      labels: r.labels,
      startDate: r.startDate,
      dueDate: r.dueDate,
      estimate: r.estimate,
      parentRow: r.parentRow,
      ok: !r.errors.length,
    })),
    errors: errors.slice(0, ERRORS_SHOWN),
    statusValues,
    created,
    skipped,
  });
  if (body.mode === "preview") return answer(0, 0);
  if (errors.length && !body.skipErrors) throw refused(errors);
  const created = new Map<number, string>();
  for (const r of parentsFirst(rows)) {
    if (r.errors.length) continue;
    await createRow(actor, projectId, r, created);
  }
  return answer(created.size, rows.length - created.size);
}

async function createRow(
  actor: Actor,
  projectId: string,
  r: ImportRow,
  created: Map<number, string>,
) {
  try {
    const task = await createTask(actor, {
      projectId,
      title: r.title,
      description: r.description,
      ...(r.statusId ? { statusId: r.statusId } : {}),
      priority: r.priority,
      assigneeIds: r.assigneeIds,
      labels: r.labels,
      startDate: r.startDate,
      dueDate: r.dueDate,
      estimate: r.estimate,
      parentId: (r.parentRow && created.get(r.parentRow)) || null,
    });
    created.set(r.row, task.id);
  } catch (e) {
    if (!(e instanceof Problem) || e.status >= 500) throw e;
    throw refused([{
      row: r.row,
      field: "title",
      value: r.title,
      code: "required",
      message: `Row ${r.row}: ${e.detail ?? e.title}`,
    }], e.status === 403 ? 403 : 422);
  }
}

/** 422 naming every refused row and field; nothing is written. */
function refused(errors: RowError[], status: 403 | 422 = 422) {
  const rows = [...new Set(errors.map((e) => e.row))];
  return new Problem(
    status,
    status === 403 ? "forbidden" : "business-rule",
    status === 403 ? "Forbidden" : "Unprocessable Content",
    `${rows.length} row(s) cannot be imported (rows ${rows.slice(0, 20).join(", ")}${
      rows.length > 20 ? ", …" : ""
    }); nothing was written.`,
    errors.slice(0, ERRORS_SHOWN).map((e) => ({
      path: `rows.${e.row}.${e.field}`,
      message: e.message,
    })),
  );
}
