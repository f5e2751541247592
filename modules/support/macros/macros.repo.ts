import type { Sql } from "../../../shared/db/database.ts";
import type { Macro, MacroActions } from "./macros.schemas.ts";

const COLUMNS = `id, name, body, format, visibility, owner_id is null as shared, owner_id, actions,
  usage_count, created_at, updated_at`;

/** The macros a user sees: the shared ones and their own, shared first, then by name. */
export async function selectMacros(sql: Sql, userId: string | null): Promise<Macro[]> {
  return await sql<Macro[]>`
    select ${sql.unsafe(COLUMNS)} from support_macros
    where owner_id is null or owner_id = ${userId}
    order by owner_id is not null, lower(name), id`;
}

/** One macro the user may see (shared or theirs); undefined otherwise. */
export async function findMacro(sql: Sql, id: string, userId: string | null) {
  const [row] = await sql<Macro[]>`
    select ${sql.unsafe(COLUMNS)} from support_macros
    where id = ${id} and (owner_id is null or owner_id = ${userId})`;
  return row;
}

export interface MacroRow {
  id: string;
  name: string;
  body: string;
  format: string;
  visibility: string;
  ownerId: string | null;
  actions: MacroActions;
}

export async function insertMacro(sql: Sql, m: MacroRow) {
  await sql`insert into support_macros (id, name, body, format, visibility, owner_id, actions)
    values (${m.id}, ${m.name}, ${m.body}, ${m.format}, ${m.visibility}, ${m.ownerId},
      ${JSON.stringify(m.actions)}::text::jsonb)`;
}

export async function updateMacro(sql: Sql, m: MacroRow) {
  await sql`update support_macros set name = ${m.name}, body = ${m.body}, format = ${m.format},
    visibility = ${m.visibility}, owner_id = ${m.ownerId},
    actions = ${JSON.stringify(m.actions)}::text::jsonb, updated_at = now()
    where id = ${m.id}`;
}

export async function deleteMacro(sql: Sql, id: string) {
  await sql`delete from support_macros where id = ${id}`;
}

/** Counts a use (the list can show the most used ones). */
export async function countUse(sql: Sql, id: string) {
  await sql`update support_macros set usage_count = usage_count + 1 where id = ${id}`;
}
