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
import { renderAgain } from "../files/files.pages.tsx";
import { FoldersPanel, NewFolderDialog, PermissionsPanel } from "./folders.view.tsx";
import { tr } from "../../../ui/kit.ts";
import { docsPage } from "../common/page.view.tsx";
import { moduleCrumb } from "../common/common.view.tsx";
import { roleLabel } from "../common/labels.lib.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { loadAccess } from "../access/access.service.ts";
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
  const l = c.var.locale;
  const folders = await folderTree(actorOf(c));
  const canWrite = hasPermission(c.var.session.permissions, "documents.folder.write");
  return await docsPage(
    c,
    t(l, "page.folders"),
    <FoldersPanel folders={folders} flash={flash} canWrite={canWrite} />,
    {
      status,
      crumbs: [moduleCrumb(tr(c))],
      actions: canWrite ? <NewFolderDialog folders={folders} /> : undefined,
    },
  );
}

async function renderPermissions(c: C, id: string, flash?: Flash, status: Status = 200) {
  const { sql, session, locale: l } = c.var;
  const access = await loadAccess({ sql, session });
  const folder = await visibleFolder({ sql }, { access: access, id: id });
  access.require(access.folder(id), "manage");
  const perms = await getPermissions(actorOf(c), id);
  return await docsPage(
    c,
    t(l, "documents.permissionsOf", { name: folder.name }),
    <PermissionsPanel
      folder={folder}
      inherit={perms.inherit}
      entries={perms.entries}
      members={(await listMembers(sql, { limit: 200 })).map((m) => ({ id: m.id, name: m.name }))}
      roles={(await listRoles(sql)).map((r) => ({ key: r.key, label: roleLabel(tr(c), r) }))}
      flash={flash}
    />,
    {
      status,
      crumbs: [moduleCrumb(tr(c)), { label: t(l, "page.folders"), href: "/documents/folders" }],
    },
  );
}

/**
 * The permission rows of the form: `principal-<n>` with `level-<n>` (rows left on "nobody"
 * are skipped); plain `principal` and `level` lists are read too.
 */
function aclEntries(form: Record<string, string | string[]>) {
  const list = (k: string) =>
    (Array.isArray(form[k]) ? form[k] : form[k] ? [form[k]] : []) as string[];
  const rows: [string, string][] = Object.keys(form)
    .map((k) => /^principal-(\d{1,3})$/.exec(k)?.[1])
    .filter((n): n is string => n !== undefined)
    .sort((a, b) => Number(a) - Number(b))
    .map((n) => [field(form, `principal-${n}`), field(form, `level-${n}`) || "view"]);
  if (!rows.length) {
    const levels = list("level");
    list("principal").forEach((p, i) => rows.push([p, levels[i] ?? "view"]));
  }
  return rows.map(([p, level]) => {
    const [type, ...rest] = p.split(":");
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
        await createFolder(actorOf(c), {
          name: field(form, "name"),
          parentId: uuidOrNull(field(form, "parentId")),
        });
      }, (back, f, s) =>
        // Made from the folders page or from the files page: the error shows where it was.
        back.startsWith("/documents/folders")
          ? renderFolders(c, f, s)
          : renderAgain(c)(back, f, s)))
    .get("/folders", fr, (c) => renderFolders(c))
    .post(
      `/folders/${ID}/rename`,
      fw,
      (c) =>
        act(c, "/documents", "/documents/folders", async (form) => {
          await updateFolderMeta(actorOf(c), {
            id: c.req.param("id"),
            patch: { name: field(form, "name") },
          });
        }, again(c)),
    )
    .post(
      `/folders/${ID}/move`,
      fw,
      (c) =>
        act(c, "/documents", "/documents/folders", async (form) => {
          await updateFolderMeta(actorOf(c), {
            id: c.req.param("id"),
            patch: { parentId: uuidOrNull(field(form, "parentId")) },
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
        await setPermissions(actorOf(c), {
          id,
          body: { inherit: field(form, "inherit") === "true", entries: aclEntries(form) },
        });
      }, (_b, f, s) => renderPermissions(c, id, f, s));
    });
};
