import type { Hono } from "hono";
import { actorOf } from "../../../shared/http/actor.ts";
import type { AppEnv } from "../../../shared/http/env.ts";
import { act, type C, type Flash, type Status } from "../../../shared/http/pages.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { tr } from "../../../ui/kit.ts";
import { docsPage } from "../common/page.view.tsx";
import { moduleCrumb } from "../common/common.view.tsx";
import { EmptyTrashButton, TrashPanel } from "./trash.view.tsx";
import { emptyTrash, listTrash, purge, restore } from "./trash.service.ts";

async function renderTrash(c: C, flash?: Flash, status: Status = 200) {
  const l = c.var.locale;
  const cursor = c.req.method === "GET" ? c.req.query("cursor") || undefined : undefined;
  const list = await listTrash(actorOf(c), { limit: 50, cursor });
  return await docsPage(
    c,
    t(l, "page.trash"),
    <TrashPanel {...list} flash={flash} />,
    {
      status,
      crumbs: [moduleCrumb(tr(c))],
      actions: list.items.length > 0 ? <EmptyTrashButton /> : undefined,
    },
  );
}

/** The trash: restore, delete for good, or empty it. */
export const mountTrashPages = (app: Hono<AppEnv>) => {
  const ID = ":id{[0-9a-f-]{36}}";
  const write = requirePermission("documents.file.write");
  const again = (c: C) => (_b: string, f: Flash, s: Status) => renderTrash(c, f, s);
  app
    .get("/trash", write, (c) => renderTrash(c))
    .post(
      `/trash/${ID}/restore`,
      write,
      (c) =>
        act(c, "/documents", "/documents/trash", async () => {
          await restore(actorOf(c), c.req.param("id"));
        }, again(c)),
    )
    .post(
      `/trash/${ID}/delete`,
      write,
      (c) =>
        act(c, "/documents", "/documents/trash", async () => {
          await purge(actorOf(c), c.req.param("id"));
        }, again(c)),
    )
    .post("/trash/empty", write, (c) =>
      act(c, "/documents", "/documents/trash", async () => {
        await emptyTrash(actorOf(c));
      }, again(c)));
};
