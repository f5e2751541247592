import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { act, type C, field, many, uuidOrNull } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { fileBack, renderAgain } from "../files/files.pages.tsx";
import { TAG_COLOURS, type TagColour } from "./tags.schemas.ts";
import type { ObjectType } from "./tags.schemas.ts";
import { createTag, putObjectTags } from "./tags.service.ts";

const write = requirePermission("documents.file.write");

/** Where a file's or folder's page is. */
export const objectBack = (type: ObjectType, id: string) =>
  type === "file" ? fileBack(id) : `/documents/files?folder=${id}`;

/** The tags dialog: the checked tags, plus a new one when a name is given. */
function saveTags(c: C, type: ObjectType) {
  const id = c.req.param("id")!;
  return act(c, "/documents", objectBack(type, id), async (form) => {
    const actor = actorOf(c);
    const tagIds = many(form.tagIds).map(uuidOrNull).filter((x): x is string => !!x);
    const name = field(form, "newTag").trim();
    if (name) {
      const colour = field(form, "colour") as TagColour;
      const tag = await createTag(actor, {
        name: name.slice(0, 60),
        colour: TAG_COLOURS.includes(colour) ? colour : "gray",
      });
      tagIds.push(tag.id);
    }
    await putObjectTags(actor, { type, id, tagIds });
  }, renderAgain(c));
}

/** The tags dialog's form on file and folder pages. */
export const mountTagPages = (app: Hono<AppEnv>) => {
  const ID = ":id{[0-9a-f-]{36}}";
  app
    .post(`/files/${ID}/tags`, write, (c) => saveTags(c, "file"))
    .post(`/folders/${ID}/tags`, write, (c) => saveTags(c, "folder"));
};
