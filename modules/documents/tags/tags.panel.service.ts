import type { Actor } from "../../../shared/http/actor.ts";
import { atLeast } from "../access/access.rules.ts";
import { listComments } from "../comments/comments.service.ts";
import { favouredIds, isFavourite, listFavourites } from "../favourites/favourites.service.ts";
import { target } from "./tags.objects.service.ts";
import type { ObjectType } from "./tags.schemas.ts";
import { allTags, tagsOf } from "./tags.repo.ts";

/** What a file's or folder's page shows of its tags, the caller's star and its comments. */
export async function objectPanel(actor: Actor, type: ObjectType, id: string) {
  const obj = await target(actor, type, id);
  const canTag = atLeast(obj.level, "edit");
  return {
    type,
    id,
    name: obj.name,
    tags: (await tagsOf(actor.sql, type, [id])).get(id) ?? [],
    all: canTag ? await allTags(actor.sql) : undefined,
    favourite: await isFavourite(actor, type, id),
    comments: (await listComments(actor, { type, id, limit: 100 })).items,
    me: actor.session.userId,
  };
}

/** Tags and stars of the rows of a list (files and folders it shows). */
export async function rowMarks(actor: Actor, rows: { kind: ObjectType; id: string }[]) {
  const files = rows.filter((r) => r.kind === "file").map((r) => r.id);
  const folders = rows.filter((r) => r.kind === "folder").map((r) => r.id);
  const [fileTags, folderTags, favFiles, favFolders] = await Promise.all([
    tagsOf(actor.sql, "file", files),
    tagsOf(actor.sql, "folder", folders),
    favouredIds(actor.sql, "file", files),
    favouredIds(actor.sql, "folder", folders),
  ]);
  return {
    tags: (r: { kind: ObjectType; id: string }) =>
      (r.kind === "file" ? fileTags : folderTags).get(r.id) ?? [],
    favourite: (r: { kind: ObjectType; id: string }) =>
      (r.kind === "file" ? favFiles : favFolders).has(r.id),
  };
}

/** The caller's favourites with their tags (the files page's "Favourites" view). */
export async function favouritesView(actor: Actor) {
  const { items } = await listFavourites(actor);
  const marks = await rowMarks(actor, items);
  return items.map((i) => ({ ...i, tags: marks.tags(i) }));
}
