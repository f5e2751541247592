/**
 * Tenant tables: typed columns created by hand or from an upload, rows checked against the
 * column types. Everything runs in the caller's scoped transaction, so another tenant's table
 * is simply not found.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import * as repo from "./tables.repo.ts";
import { deleteTableRelations } from "./relations.repo.ts";
// Results kept by the dashboards' cache over this table are stale once these writes commit.
import { invalidateRelations, invalidateTable } from "../cache/cache.service.ts";
import { checkRow, columnNames, readText } from "./tables.rules.ts";
import { type Parsed, parseUpload } from "./tables.import.lib.ts";
import {
  type Column,
  type ColumnInput,
  type Row,
  type Table,
  TableCreate,
  TablePatch,
  valid,
} from "./tables.schemas.ts";

export const listTables = async (actor: Actor) => ({ items: await repo.selectTables(actor.sql) });

export async function getTable(actor: Actor, id: string): Promise<Table> {
  return await tableOf(actor, id);
}

/** The table (404 when there is none); `lock` takes a row lock for changes. */
async function tableOf(actor: Actor, id: string, lock = false): Promise<Table> {
  const table = await repo.findTable(actor.sql, id, lock);
  if (!table) throw problems.notFound("No such table.");
  return table;
}

async function mustBeFreeName(actor: Actor, name: string, except?: string) {
  if (await repo.nameTaken(actor.sql, name, except)) {
    throw problems.conflict(`A table named "${name}" already exists.`);
  }
}

/** Inputs as stored columns: names from labels where missing, no name twice. */
function toColumns(inputs: ColumnInput[]): Column[] {
  const derived = columnNames(inputs.map((c) => c.label));
  const columns = inputs.map((c, i) => ({
    name: c.name ?? derived[i],
    label: c.label,
    type: c.type,
  }));
  const seen = new Set<string>();
  columns.forEach((c, i) => {
    if (seen.has(c.name)) {
      throw problems.validation([{ path: `columns.${i}.name`, message: "Used twice" }]);
    }
    seen.add(c.name);
  });
  return columns;
}

async function audit(actor: Actor, id: string, action: string, summary: string) {
  await recordActivity(actor, {
    module: "analytics",
    entityType: "table",
    entityId: id,
    action,
    summary,
  });
}

export async function createTable(actor: Actor, raw: TableCreate): Promise<Table> {
  const input = valid(TableCreate, raw);
  await mustBeFreeName(actor, input.name);
  const id = await repo.insertTable(actor.sql, {
    name: input.name,
    description: input.description,
    columns: toColumns(input.columns),
    createdBy: actor.session.userId,
  });
  await audit(actor, id, "created", `Created the table ${input.name}`);
  return await getTable(actor, id);
}

export async function importTable(
  actor: Actor,
  { parsed, ...raw }: { name: string; description: string; parsed: Parsed },
): Promise<Table> {
  const input = valid(TableCreate.pick({ name: true, description: true }), raw);
  await mustBeFreeName(actor, input.name);
  const id = await repo.insertTable(actor.sql, {
    ...input,
    columns: parsed.columns,
    createdBy: actor.session.userId,
  });
  await repo.insertRows(actor.sql, id, parsed.rows);
  await audit(actor, id, "created", `Imported the table ${input.name}`);
  return await getTable(actor, id);
}

/**
 * An uploaded CSV or XLSX file (with an optional name) from an upload form's fields, read into
 * a new table; the API and the page both send their form here.
 */
export async function importUpload(
  actor: Actor,
  form: Record<string, string | File>,
): Promise<Table> {
  const file = form.file;
  if (!(file instanceof File)) {
    throw problems.validation([{ path: "body.file", message: "A CSV or XLSX file is required" }]);
  }
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const name = (text(form.name) || file.name.replace(/\.[^.]*$/, "") || "Import").slice(0, 120);
  const parsed = await parseUpload(file.name, file.type, new Uint8Array(await file.arrayBuffer()));
  return await importTable(actor, { name, description: text(form.description), parsed });
}

/** Rename, describe, add/remove columns; a changed type converts the stored values or fails. */
export async function patchTable(
  actor: Actor,
  { id, patch: raw }: { id: string; patch: TablePatch },
): Promise<Table> {
  const input = valid(TablePatch, raw);
  const before = await tableOf(actor, id, true);
  const name = input.name ?? before.name;
  if (input.name) await mustBeFreeName(actor, name, id);
  const columns = input.columns ? toColumns(input.columns) : before.columns;
  const kept = new Set(columns.map((c) => c.name));
  const dropped = before.columns.filter((c) => !kept.has(c.name)).map((c) => c.name);
  for (const col of columns) {
    const old = before.columns.find((c) => c.name === col.name);
    if (!old || old.type === col.type) continue;
    const values = await repo.columnValues(actor.sql, id, col.name);
    const converted = values.map(({ id: rowId, value }) => {
      const checked = value === null ? { ok: true as const, value: null } : readText(
        col.type,
        String(value),
      );
      if (!checked.ok) {
        throw problems.unprocessable(
          `The column ${col.label} holds values that are not ${col.type}: ${String(value)}`,
        );
      }
      return { id: rowId, value: checked.value };
    });
    await repo.setColumnValues(actor.sql, col.name, converted);
  }
  await repo.dropRowKeys(actor.sql, id, dropped);
  await repo.updateTable(actor.sql, id, {
    name,
    description: input.description ?? before.description,
    columns,
  });
  await invalidateTable(actor, id);
  await audit(actor, id, "updated", `Changed the table ${name}`);
  return await getTable(actor, id);
}

export async function removeTable(actor: Actor, id: string): Promise<void> {
  const before = await tableOf(actor, id, true);
  // Relations over the table would point at nothing.
  await deleteTableRelations(actor.sql, id);
  await repo.deleteTable(actor.sql, id);
  await invalidateTable(actor, id);
  await invalidateRelations(actor);
  await audit(actor, id, "deleted", `Deleted the table ${before.name}`);
}

export async function listRows(
  actor: Actor,
  { id, ...q }: { id: string; limit: number; cursor?: string },
): Promise<{ items: Row[]; nextCursor: string | null }> {
  await getTable(actor, id);
  const after = decodeCursor(q.cursor, ["uuid"]);
  const rows = await repo.selectRows(actor.sql, id, (after?.[0] as string) ?? null, q.limit + 1);
  return toPage(rows, q.limit, (r) => [r.id]);
}

function mustFit(table: Table, data: Record<string, unknown>) {
  const checked = checkRow(table.columns, data);
  if (!checked.ok) throw problems.validation(checked.errors);
  return checked.data;
}

export async function addRow(
  actor: Actor,
  { id, data }: { id: string; data: Record<string, unknown> },
) {
  const table = await tableOf(actor, id, true);
  const [rowId] = await repo.insertRows(actor.sql, id, [mustFit(table, data)]);
  await invalidateTable(actor, id);
  return (await repo.findRow(actor.sql, id, rowId))!;
}

/** Changes the given columns of a row; the others keep their values. */
export async function patchRow(
  actor: Actor,
  { id, rowId, data }: { id: string; rowId: string; data: Record<string, unknown> },
) {
  const table = await getTable(actor, id);
  const row = await repo.findRow(actor.sql, id, rowId);
  if (!row) throw problems.notFound("No such row.");
  await repo.updateRow(actor.sql, rowId, { ...row.data, ...mustFit(table, data) });
  await invalidateTable(actor, id);
  return (await repo.findRow(actor.sql, id, rowId))!;
}

export async function removeRow(
  actor: Actor,
  { id, rowId }: { id: string; rowId: string },
): Promise<void> {
  await tableOf(actor, id, true);
  if (!await repo.findRow(actor.sql, id, rowId)) throw problems.notFound("No such row.");
  await repo.deleteRow(actor.sql, id, rowId);
  await invalidateTable(actor, id);
}
