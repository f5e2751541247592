import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import type { Row, TableRepo } from "./table.repo.ts";

/** One page of a list. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** What a delete answers. */
export interface Deleted {
  id: string;
  deleted: true;
}

export interface ListInput {
  limit: number;
  cursor?: string;
  q?: string;
  [filter: string]: unknown;
}

/**
 * The service functions of a plain resource, each `(actor, input)`: what its handlers and
 * pages call. `T` is the record, `C` the create body, `U` the update body.
 */
export interface CrudOps<T, C = Record<string, unknown>, U = Partial<C>> {
  /** `fields`: a sparse fieldset; an implementation may read only those columns. */
  list(actor: Actor, input: ListInput, fields?: readonly string[]): Promise<Page<T>>;
  get(actor: Actor, id: string, fields?: readonly string[]): Promise<T>;
  create(actor: Actor, input: C): Promise<T>;
  update(actor: Actor, input: { id: string; patch: U }): Promise<T>;
  remove(actor: Actor, id: string): Promise<Deleted>;
}

export interface CrudHooks<T extends Row> {
  entityType: string;
  noun: string;
  label(row: T): string;
  /** Checks and normalises input before a write (business rules: throw 422). */
  prepare?(
    actor: Actor,
    input: Record<string, unknown>,
    before: T | null,
  ): Promise<Record<string, unknown>>;
  /** Refuses a delete that would break something (throw 409/422). */
  beforeDelete?(actor: Actor, row: T): Promise<void>;
}

/** List/read/write of a plain resource, with activity lines in the same transaction. */
export function crudService<T extends Row, C extends object, U extends object = Partial<C>>(
  repo: TableRepo<T>,
  hooks: CrudHooks<T>,
): CrudOps<T, C, U> {
  const get = async (actor: Actor, id: string, lock = false, fields?: readonly string[]) => {
    const row = await repo.get(actor.sql, id, lock, fields);
    if (!row) throw problems.notFound(`No such ${hooks.noun}.`);
    return row;
  };
  return {
    async list(actor, input, fields) {
      const { limit, cursor, q, ...rest } = input;
      const after = decodeCursor(cursor, ["text", "uuid"]) as [string, string] | null;
      const filters = rest as Record<string, string | boolean | null | undefined>;
      const rows = await repo.list(actor.sql, { limit, after, q, filters, fields });
      const page = toPage(rows, limit, (r) => [r.sortKey, r.id]);
      return {
        items: page.items.map(({ sortKey: _, ...r }) => r as unknown as T),
        nextCursor: page.nextCursor,
      };
    },
    get: (actor, id, fields) => get(actor, id, false, fields),
    async create(actor, input) {
      const { sql } = actor;
      const body = input as Record<string, unknown>;
      const data = hooks.prepare ? await hooks.prepare(actor, body, null) : body;
      const row = await repo.insert(sql, uuidv7(), data);
      await recordActivity({ sql }, {
        module: "support",
        entityType: hooks.entityType,
        entityId: row.id,
        action: "created",
        summary: `Created ${hooks.noun} ${hooks.label(row)}`,
        after: row,
      });
      return row;
    },
    async update(actor, { id, patch }) {
      const { sql } = actor;
      const before = await get(actor, id, true);
      const body = patch as Record<string, unknown>;
      const data = hooks.prepare ? await hooks.prepare(actor, body, before) : body;
      const after = (await repo.update(sql, id, data))!;
      await recordActivity({ sql }, {
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
    async remove(actor, id) {
      const { sql } = actor;
      const before = await get(actor, id, true);
      await hooks.beforeDelete?.(actor, before);
      await repo.remove(sql, id);
      await recordActivity({ sql }, {
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
