import type { Sql } from "../../../shared/db/database.ts";
import type { ObjectType } from "../tags/tags.schemas.ts";

export async function addFavourite(sql: Sql, type: ObjectType, id: string) {
  await sql`
    insert into doc_favourites (user_id, object_type, object_id)
    values (current_setting('app.user_id')::uuid, ${type}, ${id})
    on conflict do nothing`;
}

export async function removeFavourite(sql: Sql, type: ObjectType, id: string) {
  await sql`
    delete from doc_favourites
    where user_id = current_setting('app.user_id')::uuid
      and object_type = ${type} and object_id = ${id}`;
}

/** Which of `ids` the caller marked (one type). */
export async function favouredIds(sql: Sql, type: ObjectType, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await sql<{ objectId: string }[]>`
    select object_id from doc_favourites
    where user_id = current_setting('app.user_id')::uuid
      and object_type = ${type} and object_id = any(${ids}::uuid[])`;
  return new Set(rows.map((r) => r.objectId));
}

export interface FavouriteRow {
  kind: ObjectType;
  id: string;
  name: string;
  folderId: string | null;
  contentType: string | null;
  size: number | null;
  updatedAt: string;
  favouredAt: string;
  createdByName: string | null;
}

/** The caller's live favourites, newest first (visibility is the service's). */
export async function myFavourites(sql: Sql): Promise<FavouriteRow[]> {
  return await sql<FavouriteRow[]>`
    select 'file' as kind, f.id, f.name, f.folder_id, f.content_type, f.size::float8 as size,
      f.updated_at, v.created_at as favoured_at, md.name as created_by_name
    from doc_favourites v
    join doc_files f on f.tenant_id = v.tenant_id and f.id = v.file_id
    left join member_directory md on md.user_id = f.created_by
    where v.user_id = current_setting('app.user_id')::uuid
      and f.deleted_at is null and f.owner_module is null
    union all
    select 'folder', d.id, d.name, d.parent_id, null, null, d.updated_at, v.created_at,
      md.name
    from doc_favourites v
    join doc_folders d on d.tenant_id = v.tenant_id and d.id = v.folder_id
    left join member_directory md on md.user_id = d.created_by
    where v.user_id = current_setting('app.user_id')::uuid and d.deleted_at is null
    order by favoured_at desc, id
    limit 1000`;
}
