import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import {
  act,
  type C,
  field,
  type Flash,
  type Status,
  uuidOrNull,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { listMembers, listRoles } from "../../../platform/identity/public.ts";
import { page } from "../../../ui/render.tsx";
import { renderAgain } from "../files/files.pages.tsx";
import { FoldersPanel, PermissionsPanel } from "./folders.view.tsx";
import { actorOf } from "../../../shared/http/actor.ts";
import { loadAccess } from "../access.ts";
import {
  createFolder,
  folderTree,
  getPermissions,
  setPermissions,
  trashFolder,
  updateFolderMeta,
  visibleFolder,
} from "./folders.service.ts";

async function renderFolders(c: C, flash?: Flash, status: Status = 200) {
  const folders = await folderTree(c.var.sql, c.var.session);
  const canWrite = hasPermission(c.var.session.permissions, "documents.folder.write");
  return await page(
    c,
    t(c.var.locale, "page.folders"),
    <FoldersPanel l={c.var.locale} folders={folders} flash={flash} canWrite={canWrite} />,
    status,
  );
}

async function renderPermissions(c: C, id: string, flash?: Flash, status: Status = 200) {
  const { sql, session, locale: l } = c.var;
  const access = await loadAccess(sql, session);
  const folder = await visibleFolder(sql, access, id);
  access.require(access.folder(id), "manage");
  const perms = await getPermissions(sql, session, id);
  return await page(
    c,
    t(l, "documents.permissions"),
    <PermissionsPanel
      l={l}
      folder={folder}
      inherit={perms.inherit}
      entries={perms.entries}
      members={(await listMembers(sql, { limit: 200 })).map((m) => ({ id: m.id, name: m.name }))}
      roles={(await listRoles(sql)).map((r) => r.key)}
      flash={flash}
    />,
    status,
  );
}

/** The permission rows of the form (empty principal rows are skipped). */
function aclEntries(c: C, form: Record<string, string | string[]>) {
  const list = (k: string) =>
    (Array.isArray(form[k]) ? form[k] : form[k] ? [form[k]] : []) as string[];
  const principals = list("principal");
  const levels = list("level");
  // Empty principal rows are skipped, so levels pair with the chosen principals only.
  const raw = c.req.method === "POST" ? principals : [];
  return raw.map((p, i) => {
    const [type, ...rest] = p.split(":");
    const level = levels[i] ?? "view";
    if (!["user", "role"].includes(type) || !["view", "edit", "manage"].includes(level)) {
      throw problems.badRequest("A permission row is not valid.");
    }
    return {
      principalType: type as "user" | "role",
      principalId: rest.join(":"),
      level: level as "view",
    };
  });
}

/** The folder list (rename, move, delete), new folders and folder permissions. */
export const mountFolderPages = (app: Hono<AppEnv>) => {
  const ID = ":id{[0-9a-f-]{36}}";
  const fr = requirePermission("documents.folder.read");
  const fw = requirePermission("documents.folder.write");
  const again = (c: C) => (_b: string, f: Flash, s: Status) => renderFolders(c, f, s);
  app
    .post("/folders/new", fw, (c) =>
      act(c, "/documents", "/documents/files", async (form) => {
        await createFolder(
          actorOf(c),
          field(form, "name"),
          uuidOrNull(field(form, "parentId")),
        );
      }, renderAgain(c)))
    .get("/folders", fr, (c) => renderFolders(c))
    .post(
      `/folders/${ID}/rename`,
      fw,
      (c) =>
        act(c, "/documents", "/documents/folders", async (form) => {
          await updateFolderMeta(actorOf(c), c.req.param("id"), {
            name: field(form, "name"),
          });
        }, again(c)),
    )
    .post(
      `/folders/${ID}/move`,
      fw,
      (c) =>
        act(c, "/documents", "/documents/folders", async (form) => {
          await updateFolderMeta(actorOf(c), c.req.param("id"), {
            parentId: uuidOrNull(field(form, "parentId")),
          });
        }, again(c)),
    )
    .post(
      `/folders/${ID}/delete`,
      fw,
      (c) =>
        act(c, "/documents", "/documents/folders", async () => {
          await trashFolder(actorOf(c), c.req.param("id"));
        }, again(c)),
    )
    .get(`/folders/${ID}/permissions`, fr, (c) => renderPermissions(c, c.req.param("id")))
    .post(`/folders/${ID}/permissions`, fw, (c) => {
      const id = c.req.param("id");
      return act(c, "/documents", `/documents/folders/${id}/permissions`, async (form) => {
        await setPermissions(actorOf(c), id, {
          inherit: field(form, "inherit") === "true",
          entries: aclEntries(c, form),
        });
      }, (_b, f, s) => renderPermissions(c, id, f, s));
    });
};
