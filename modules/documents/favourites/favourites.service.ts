import type { Actor } from "../../../shared/http/actor.ts";
import { atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { target } from "../tags/tags.objects.service.ts";
import type { ObjectType } from "../tags/tags.schemas.ts";
import { addFavourite, favouredIds, myFavourites, removeFavourite } from "./favourites.repo.ts";

export { favouredIds };

/** Marks (or unmarks) a file or folder the caller may see as one of their favourites. */
export async function setFavourite(
  actor: Actor,
  { type, id, on }: { type: ObjectType; id: string; on: boolean },
) {
  await target(actor, type, id);
  if (on) await addFavourite(actor.sql, type, id);
  else await removeFavourite(actor.sql, type, id);
  return { favourite: on };
}

export async function isFavourite(actor: Actor, type: ObjectType, id: string) {
  return (await favouredIds(actor.sql, type, [id])).has(id);
}

/** The caller's favourites they may still see (access can be taken away after marking). */
export async function listFavourites({ sql, session }: Actor) {
  const access = await loadAccess({ sql, session });
  const rows = await myFavourites(sql);
  return {
    items: rows.filter((r) =>
      atLeast(r.kind === "file" ? access.file(r) : access.folder(r.id), "view")
    ),
  };
}
