import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { fold } from "../../../shared/text/fold.ts";
import { atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
import { audit } from "../audit/audit.repo.ts";
import { target } from "./tags.objects.service.ts";
import type { ObjectType, TagColour } from "./tags.schemas.ts";
import {
  allTags,
  insertTag,
  setObjectTags,
  tagByKey,
  taggedObjects,
  tagsByIds,
  tagsOf,
} from "./tags.repo.ts";

export { tagsOf };

/** The tenant's tag vocabulary, by name. */
export async function listTags({ sql }: Actor) {
  return { items: await allTags(sql) };
}

/** A new tag in the vocabulary; 409 when one with the same (folded) name exists. */
export async function createTag({ sql }: Actor, body: { name: string; colour: TagColour }) {
  const name = body.name.trim().replace(/\s+/g, " ");
  // deno-lint-ignore no-control-regex
  if (!name || /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(name)) {
    throw problems.validation([{ path: "name", message: "A tag needs a plain name." }]);
  }
  const key = fold(name);
  if (await tagByKey(sql, key)) throw problems.conflict("A tag with this name exists.");
  const tag = await insertTag(sql, { name, key, colour: body.colour });
  if (!tag) throw problems.conflict("A tag with this name exists.");
  return tag;
}

/** An object's tags; reading them needs read access to the object. */
export async function objectTags(actor: Actor, type: ObjectType, id: string) {
  await target(actor, type, id);
  return { items: (await tagsOf(actor.sql, type, [id])).get(id) ?? [] };
}

/** Sets an object's tags (the whole set); needs edit access to the object. */
export async function putObjectTags(
  actor: Actor,
  { type, id, tagIds }: { type: ObjectType; id: string; tagIds: string[] },
) {
  const { sql } = actor;
  const t = await target(actor, type, id);
  t.access.require(t.level, "edit");
  const wanted = [...new Set(tagIds)];
  const found = await tagsByIds(sql, wanted);
  if (found.length !== wanted.length) {
    // Another tenant's tag is as unknown as a made-up one.
    throw problems.unprocessable("Unknown tag.");
  }
  const before = ((await tagsOf(sql, type, [id])).get(id) ?? []).map((x) => x.name);
  await setObjectTags(sql, type, id, wanted);
  const after = (await tagsOf(sql, type, [id])).get(id) ?? [];
  const names = after.map((x) => x.name);
  if (before.join("\n") !== names.join("\n")) {
    await audit(sql, type, id, "tagged", `Tagged ${t.name}: ${names.join(", ") || "none"}`, {
      tags: before,
    }, { tags: names });
  }
  return { items: after };
}

/** Files and folders with a tag, among those the caller may see. */
export async function listTagged(actor: Actor, tagId: string) {
  const { sql, session } = actor;
  if (!(await tagsByIds(sql, [tagId])).length) throw problems.notFound();
  const access = await loadAccess({ sql, session });
  const rows = await taggedObjects(sql, tagId);
  return {
    items: rows.filter((r) =>
      atLeast(r.kind === "file" ? access.file(r) : access.folder(r.id), "view")
    ),
  };
}
