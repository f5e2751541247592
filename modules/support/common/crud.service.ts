import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import type { Row, TableRepo } from "./table.repo.ts";

/** What the handlers and pages of a plain resource call; crudService provides it. */
export interface CrudOps {
  list(sql: Sql, input: ListInput): Promise<unknown>;
  get(sql: Sql, id: string): Promise<unknown>;
  create(sql: Sql, input: Record<string, unknown>): Promise<unknown>;
  update(sql: Sql, id: string, input: Record<string, unknown>): Promise<unknown>;
  remove(sql: Sql, id: string): Promise<unknown>;
}

export interface CrudHooks<T extends Row> {
  entityType: string;
  noun: string;
  label(row: T): string;
  /** Checks and normalises input before a write (business rules: throw 422). */
  prepare?(
    sql: Sql,
    input: Record<string, unknown>,
    before: T | null,
  ): Promise<Record<string, unknown>>;
  /** Refuses a delete that would break something (throw 409/422). */
  beforeDelete?(sql: Sql, row: T): Promise<void>;
}

export interface ListInput {
  limit: number;
  cursor?: string;
  q?: string;
  [filter: string]: unknown;
}

/** List/read/write of a plain resource, with activity lines in the same transaction. */
export function crudService<T extends Row>(repo: TableRepo<T>, hooks: CrudHooks<T>) {
  const get = async (sql: Sql, id: string, lock = false) => {
    const row = await repo.get(sql, id, lock);
    if (!row) throw problems.notFound(`No such ${hooks.noun}.`);
    return row;
  };
  return {
    async list(sql: Sql, input: ListInput) {
      const { limit, cursor, q, ...rest } = input;
      const after = decodeCursor(cursor, ["text", "uuid"]) as [string, string] | null;
      const filters = rest as Record<string, string | boolean | null | undefined>;
      const rows = await repo.list(sql, { limit, after, q, filters });
      const page = toPage(rows, limit, (r) => [r.sortKey, r.id]);
      return {
        items: page.items.map(({ sortKey: _, ...r }) => r as unknown as T),
        nextCursor: page.nextCursor,
      };
    },
    get,
    async create(sql: Sql, input: Record<string, unknown>) {
      const data = hooks.prepare ? await hooks.prepare(sql, input, null) : input;
      const row = await repo.insert(sql, uuidv7(), data);
      await recordActivity(sql, {
        module: "support",
        entityType: hooks.entityType,
        entityId: row.id,
        action: "created",
        summary: `Created ${hooks.noun} ${hooks.label(row)}`,
        after: row,
      });
      return row;
    },
    async update(sql: Sql, id: string, input: Record<string, unknown>) {
      const before = await get(sql, id, true);
      const data = hooks.prepare ? await hooks.prepare(sql, input, before) : input;
      const after = (await repo.update(sql, id, data))!;
      await recordActivity(sql, {
        module: "support",
        entityType: hooks.entityType,
        entityId: id,
        action: "updated",
        summary: `Updated ${hooks.noun} ${hooks.label(after)}`,
        before,
        after,
      });
      return after;
    },
    async remove(sql: Sql, id: string) {
      const before = await get(sql, id, true);
      await hooks.beforeDelete?.(sql, before);
      await repo.remove(sql, id);
      await recordActivity(sql, {
        module: "support",
        entityType: hooks.entityType,
        entityId: id,
        action: "deleted",
        summary: `Deleted ${hooks.noun} ${hooks.label(before)}`,
        before,
      });
      return { id, deleted: true as const };
    },
  };
}
export type CrudService = ReturnType<typeof crudService>;
