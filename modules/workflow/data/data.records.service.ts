/**
 * Records of data models, written by people (API and pages) and by processes (data.api.ts).
 * Every write is checked against the model (data.rules.ts), its new user and record
 * references must exist in the tenant, and it leaves a history line (before/after, the person
 * or the process instance) and an activity line the audit monitor shows.
 */
import { uuidv7 } from "uuidv7";
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { problems } from "../../../shared/http/problem.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { foldedContains } from "../../../shared/text/fold.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { activeMembers, directory, memberNames } from "../../../platform/identity/public.ts";
import * as repo from "./data.repo.ts";
import type { ModelRow, RecordRow } from "./data.repo.ts";
import {
  checkRecord,
  checkValue,
  coerceValue,
  type FieldError,
  referencesOf,
  searchTextOf,
  titleOf,
} from "./data.rules.ts";
import { type DataRecord, type HistoryEntry, MODEL_KEY, type RecordQuery } from "./data.schemas.ts";

type Data = Record<string, unknown>;
type ModelLike = Pick<ModelRow, "id" | "key" | "name" | "fields" | "titleField">;

/**
 * Who writes: a person (actorId), or a process (instanceId, usually without a person). Left
 * out, the writer is the actor's signed-in user.
 */
export interface WrittenBy {
  actorId: string | null;
  instanceId: string | null;
}

type Writer = WrittenBy & { sql: Sql };

const writerOf = (actor: Actor | SystemActor, by: WrittenBy | undefined): Writer => ({
  sql: actor.sql,
  actorId: by ? by.actorId : "session" in actor ? actor.session.userId ?? null : null,
  instanceId: by ? by.instanceId : null,
});

/** The model or a 404 (also for another tenant's key: RLS hides it). */
export async function modelOrNotFound(
  actor: Actor | SystemActor,
  { key, lock = false }: { key: string; lock?: boolean },
): Promise<ModelRow> {
  const model = MODEL_KEY.test(key) ? await repo.findModel(actor.sql, key, lock) : null;
  if (!model) throw problems.notFound("No such data model.");
  return model;
}

/** Names of the users and titles of the records that rows' user/reference fields point to. */
export function displayMaps(
  actor: Actor | SystemActor,
  { model, rows }: { model: ModelLike; rows: Data[] },
) {
  return displayMapsIn(actor.sql, model, rows);
}

async function displayMapsIn(sql: Sql, model: ModelLike, rows: Data[]) {
  const users = new Set<string>();
  const records = new Set<string>();
  for (const data of rows) {
    for (const f of model.fields) {
      const v = data[f.name];
      if (typeof v !== "string") continue;
      if (f.type === "user") users.add(v);
      if (f.type === "reference") records.add(v);
    }
  }
  const [names, titles] = await Promise.all([
    memberNames(sql, [...users]),
    repo.recordTitles(sql, [...records]),
  ]);
  return (data: Data) => {
    const out: Record<string, string> = {};
    for (const f of model.fields) {
      const v = data[f.name];
      if (typeof v !== "string") continue;
      const shown = f.type === "user"
        ? names.get(v)
        : f.type === "reference"
        ? titles.get(v)
        : null;
      if (shown !== undefined && shown !== null) out[f.name] = shown;
    }
    return out;
  };
}

function toApi(model: ModelLike, r: RecordRow, display: Record<string, string>): DataRecord {
  const { modelId: _m, sortAt: _s, ...rest } = r;
  return { ...rest, model: model.key, title: titleOf(model.titleField, r.data), display };
}

async function withDisplay(sql: Sql, model: ModelLike, rows: RecordRow[]) {
  const display = await displayMapsIn(sql, model, rows.map((r) => r.data));
  return rows.map((r) => toApi(model, r, display(r.data)));
}

/** The record or a 404. */
async function findRecordIn(sql: Sql, model: ModelLike, id: string, lock = false) {
  const row = await repo.findRecord(sql, model.id, id, lock);
  if (!row) throw problems.notFound("No such record.");
  return row;
}

export async function listRecords(
  actor: Actor | SystemActor,
  { model, query: q }: { model: ModelLike; query: RecordQuery },
) {
  const { sql } = actor;
  const after = decodeCursor(q.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  let equals: Data | undefined;
  if (q.field) {
    const field = model.fields.find((f) => f.name === q.field);
    if (!field) throw problems.validation([{ path: "query.field", message: "Not a field" }]);
    const v = coerceValue(field, q.value ?? "");
    const problem = v === null ? "A value is needed" : checkValue(field, v);
    if (problem) throw problems.validation([{ path: "query.value", message: problem }]);
    equals = { [field.name]: v };
  }
  const like = q.q?.trim() ? foldedContains(q.q) : undefined;
  const rows = await repo.selectRecords(sql, model.id, { like, equals }, q.limit, after);
  const page = toPage(rows, q.limit, (r) => [r.sortAt, r.id]);
  return { items: await withDisplay(sql, model, page.items), nextCursor: page.nextCursor };
}

export function readRecord(
  actor: Actor | SystemActor,
  { model, id }: { model: ModelLike; id: string },
): Promise<DataRecord> {
  return readIn(actor.sql, model, id);
}

async function readIn(sql: Sql, model: ModelLike, id: string): Promise<DataRecord> {
  return (await withDisplay(sql, model, [await findRecordIn(sql, model, id)]))[0];
}

/** The data checked against the model, its new references found in the tenant. */
async function checked(sql: Sql, model: ModelLike, patch: Data, base: Data = {}) {
  const result = checkRecord(model.fields, patch, base);
  if (!result.ok) throw problems.validation(result.errors);
  const refs = referencesOf(model.fields, result.data, base);
  const errors: FieldError[] = [];
  const members = new Set(await activeMembers(sql, refs.users.map((u) => u.id)));
  for (const u of refs.users) {
    if (!members.has(u.id)) errors.push({ path: `data.${u.field}`, message: "No such member" });
  }
  for (const r of refs.records) {
    if (!(await repo.existingRecords(sql, r.model, [r.id])).length) {
      errors.push({ path: `data.${r.field}`, message: "No such record" });
    }
  }
  if (errors.length) throw problems.validation(errors);
  const display = (await displayMapsIn(sql, model, [result.data]))(result.data);
  return { data: result.data, searchText: searchTextOf(model.fields, result.data, display) };
}

async function audit(
  sql: Sql,
  model: ModelLike,
  id: string,
  action: "created" | "updated" | "deleted",
  before: Data | null,
  after: Data | null,
) {
  const label = (data: Data) => {
    const title = titleOf(model.titleField, data);
    return title ? `${model.name} · ${title}` : model.name;
  };
  const view = (data: Data | null) => data && { name: label(data), model: model.key, data };
  const verb = { created: "Created", updated: "Changed", deleted: "Deleted" }[action];
  await recordActivity({ sql }, {
    module: "workflow",
    entityType: "data_record",
    entityId: id,
    action,
    summary: `${verb} the record ${label(after ?? before ?? {})}`,
    before: view(before),
    after: view(after),
  });
}

/** A new record; `by` names a process as the writer (else the actor's user). */
export async function createRecord(
  actor: Actor | SystemActor,
  { model, data: patch, by }: { model: ModelLike; data: Data; by?: WrittenBy },
) {
  const w = writerOf(actor, by);
  const { data, searchText } = await checked(w.sql, model, patch);
  const id = uuidv7();
  await repo.insertRecord(w.sql, { id, modelId: model.id, data, searchText }, w);
  await repo.insertHistory(w.sql, {
    recordId: id,
    version: 1,
    action: "created",
    before: null,
    after: data,
    ...w,
  });
  await audit(w.sql, model, id, "created", null, data);
  return await readIn(w.sql, model, id);
}

/** Changes the fields in `patch`; `version` (when given) must be the stored one, else 409. */
export async function updateRecord(
  actor: Actor | SystemActor,
  { model, id, data: patch, version, by }: {
    model: ModelLike;
    id: string;
    data: Data;
    version: number | null;
    by?: WrittenBy;
  },
) {
  const w = writerOf(actor, by);
  const row = await findRecordIn(w.sql, model, id, true);
  if (version !== null && row.version !== version) {
    throw problems.conflict(
      `The record changed meanwhile (now version ${row.version}); load it again.`,
    );
  }
  const { data, searchText } = await checked(w.sql, model, patch, row.data);
  if (JSON.stringify(data) === JSON.stringify(row.data)) return await readIn(w.sql, model, id);
  const next = await repo.updateRecord(w.sql, id, data, searchText, w.actorId);
  await repo.insertHistory(w.sql, {
    recordId: id,
    version: next,
    action: "updated",
    before: row.data,
    after: data,
    ...w,
  });
  await audit(w.sql, model, id, "updated", row.data, data);
  return await readIn(w.sql, model, id);
}

export async function deleteRecord(
  actor: Actor | SystemActor,
  { model, id, by }: { model: ModelLike; id: string; by?: WrittenBy },
) {
  const w = writerOf(actor, by);
  const row = await findRecordIn(w.sql, model, id, true);
  await repo.deleteRecord(w.sql, id);
  await repo.insertHistory(w.sql, {
    recordId: id,
    version: row.version + 1,
    action: "deleted",
    before: row.data,
    after: null,
    ...w,
  });
  await audit(w.sql, model, id, "deleted", row.data, null);
}

/** Forced field removal: the values leave every record, each with a history line. */
export async function stripFields(
  actor: Actor | SystemActor,
  { model, names, by }: { model: ModelLike; names: string[]; by?: WrittenBy },
) {
  const w = writerOf(actor, by);
  const rows = await repo.recordsWithFields(w.sql, model.id, names);
  const display = await displayMapsIn(w.sql, model, rows.map((r) => r.data));
  for (const r of rows) {
    const data = Object.fromEntries(Object.entries(r.data).filter(([k]) => !names.includes(k)));
    const searchText = searchTextOf(model.fields, data, display(data));
    const version = await repo.updateRecord(w.sql, r.id, data, searchText, w.actorId);
    await repo.insertHistory(w.sql, {
      recordId: r.id,
      version,
      action: "updated",
      before: r.data,
      after: data,
      ...w,
    });
  }
}

export async function recordHistory(
  actor: Actor | SystemActor,
  { model, id }: { model: ModelLike; id: string },
): Promise<{ items: HistoryEntry[] }> {
  const { sql } = actor;
  await findRecordIn(sql, model, id);
  return { items: await repo.selectHistory(sql, id) };
}

/** What a record form offers: active members, and the records of each referenced model. */
export async function pickerChoices(actor: Actor | SystemActor, model: ModelLike) {
  const { sql } = actor;
  const needsUsers = model.fields.some((f) => f.type === "user");
  const users = needsUsers
    ? (await directory(sql)).map((m) => ({ id: m.userId, name: m.name }))
    : [];
  const records: Record<string, { id: string; title: string }[]> = {};
  for (const f of model.fields) {
    if (f.type !== "reference" || !f.model) continue;
    records[f.name] = (await repo.recordChoices(sql, f.model)).map((r) => ({
      id: r.id,
      title: r.title ?? "",
    }));
  }
  return { users, records };
}
