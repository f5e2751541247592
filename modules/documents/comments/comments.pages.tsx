import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { act, type C, field } from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { renderAgain } from "../files/files.pages.tsx";
import { objectBack } from "../tags/tags.pages.tsx";
import type { ObjectType } from "../tags/tags.schemas.ts";
import { addComment, editComment, removeComment } from "./comments.service.ts";

const read = requirePermission("documents.file.read");

/** A comment's text from a form: 1 to 20,000 characters, as the API's rule. */
function bodyOf(form: Record<string, string | string[]>) {
  const body = field(form, "body").trim();
  if (!body || body.length > 20000) {
    throw problems.validation([{ path: "body", message: "A comment needs some text." }]);
  }
  return body;
}

function add(c: C, type: ObjectType) {
  const id = c.req.param("id")!;
  return act(c, "/documents", objectBack(type, id), async (form) => {
    await addComment(actorOf(c), { type, id, body: bodyOf(form) });
  }, renderAgain(c));
}

/** The comment form on file and folder pages, and the author's edit and delete. */
export const mountCommentPages = (app: Hono<AppEnv>) => {
  const ID = ":id{[0-9a-f-]{36}}";
  app
    .post(`/files/${ID}/comments`, read, (c) => add(c, "file"))
    .post(`/folders/${ID}/comments`, read, (c) => add(c, "folder"))
    .post(
      `/comments/${ID}/edit`,
      read,
      (c) =>
        act(c, "/documents", "/documents/files", async (form) => {
          await editComment(actorOf(c), { id: c.req.param("id"), body: bodyOf(form) });
        }, renderAgain(c)),
    )
    .post(
      `/comments/${ID}/delete`,
      read,
      (c) =>
        act(c, "/documents", "/documents/files", async () => {
          await removeComment(actorOf(c), c.req.param("id"));
        }, renderAgain(c)),
    );
};
