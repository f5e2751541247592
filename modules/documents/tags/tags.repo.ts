import { uuidv7 } from "uuidv7";
import type { Sql } from "../../../shared/db/database.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import type { ObjectType, TagColour } from "./tags.schemas.ts";

export interface TagRow {
  id: string;
  name: string;
  colour: TagColour;
}

export async function allTags(sql: Sql): Promise<TagRow[]> {
  return await sql<TagRow[]>`
    select id, name, colour from doc_tags order by name_key, id limit 500`;
}

export async function tagsByIds(sql: Sql, ids: string[]): Promise<TagRow[]> {
  return await sql<TagRow[]>`
    select id, name, colour from doc_tags where id = any(${ids}::uuid[])`;
}

export async function tagByKey(sql: Sql, key: string): Promise<TagRow | undefined> {
  const [row] = await sql<TagRow[]>`
    select id, name, colour from doc_tags where name_key = ${key}`;
  return row;
}

export async function insertTag(
  sql: Sql,
  t: { name: string; key: string; colour: TagColour },
): Promise<TagRow> {
  const [row] = await sql<TagRow[]>`
    insert into doc_tags (id, name, name_key, colour, created_by)
    values (${uuidv7()}, ${t.name}, ${t.key}, ${t.colour},
      nullif(current_setting('app.user_id', true), '')::uuid)
    on conflict (tenant_id, name_key) do nothing
    returning id, name, colour`;
  return row;
}

/** The tags of several objects of one type at once (object id → tags, by name). */
export async function tagsOf(
  sql: Sql,
  type: ObjectType,
  ids: string[],
): Promise<Map<string, TagRow[]>> {
  const out = new Map<string, TagRow[]>();
  const valid = ids.filter(isUuid);
  if (!valid.length) return out;
  const rows = await sql<(TagRow & { objectId: string })[]>`
    select o.object_id, t.id, t.name, t.colour
    from doc_object_tags o join doc_tags t on t.tenant_id = o.tenant_id and t.id = o.tag_id
    where o.object_type = ${type} and o.object_id = any(${valid}::uuid[])
    order by t.name_key, t.id`;
  for (const { objectId, ...tag } of rows) {
    out.set(objectId, [...(out.get(objectId) ?? []), tag]);
  }
  return out;
}

/** Replaces an object's tags with `tagIds` (which exist). */
export async function setObjectTags(sql: Sql, type: ObjectType, id: string, tagIds: string[]) {
  await sql`
    delete from doc_object_tags
    where object_type = ${type} and object_id = ${id} and tag_id <> all(${tagIds}::uuid[])`;
  if (!tagIds.length) return;
  await sql`
    insert into doc_object_tags (tag_id, object_type, object_id, created_by)
    select unnest(${tagIds}::uuid[]), ${type}, ${id},
      nullif(current_setting('app.user_id', true), '')::uuid
    on conflict do nothing`;
}

/** Live files and folders carrying a tag (visibility is the service's). */
export async function taggedObjects(sql: Sql, tagId: string) {
  return await sql<{ kind: ObjectType; id: string; name: string; folderId: string | null }[]>`
    select 'file' as kind, f.id, f.name, f.folder_id
    from doc_object_tags o join doc_files f on f.tenant_id = o.tenant_id and f.id = o.file_id
    where o.tag_id = ${tagId} and f.deleted_at is null and f.owner_module is null
    union all
    select 'folder', d.id, d.name, d.parent_id
    from doc_object_tags o join doc_folders d on d.tenant_id = o.tenant_id and d.id = o.folder_id
    where o.tag_id = ${tagId} and d.deleted_at is null
    order by 3, 2
    limit 1000`;
}
