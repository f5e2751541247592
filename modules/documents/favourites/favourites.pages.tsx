import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { act, type C, field } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { renderAgain } from "../files/files.pages.tsx";
import { objectBack } from "../tags/tags.pages.tsx";
import type { ObjectType } from "../tags/tags.schemas.ts";
import { setFavourite } from "./favourites.service.ts";

const read = requirePermission("documents.file.read");

function toggle(c: C, type: ObjectType) {
  const id = c.req.param("id")!;
  return act(c, "/documents", objectBack(type, id), async (form) => {
    await setFavourite(actorOf(c), { type, id, on: field(form, "on") === "1" });
  }, renderAgain(c));
}

/** The star on file and folder pages. */
export const mountFavouritePages = (app: Hono<AppEnv>) => {
  const ID = ":id{[0-9a-f-]{36}}";
  app
    .post(`/files/${ID}/favourite`, read, (c) => toggle(c, "file"))
    .post(`/folders/${ID}/favourite`, read, (c) => toggle(c, "folder"));
};
