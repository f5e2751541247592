import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { field } from "../../../shared/http/form.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { decodeCursor, toPage } from "../../../shared/http/paging.ts";
import { listMembers } from "../../../platform/identity/users.repo.ts";
import { listRoles } from "../../../platform/identity/roles.repo.ts";
import { listNotifications } from "../../../platform/notifications/notifications.repo.ts";
import { activityPage } from "./activity.pages.tsx";
import { page } from "../../../ui/render.tsx";
import { NotificationItem } from "../../../platform/notifications/notifications.view.tsx";
import { Dashboard } from "../stats/dashboard.view.tsx";
import { TrashPanel } from "../trash/trash.view.tsx";
import { FoldersPanel, PermissionsPanel } from "../folders/folders.view.tsx";
import type { Flash } from "../common/common.view.tsx";
import { stats } from "../stats/stats.service.ts";
import { emptyTrash, listTrash, purge, restore } from "../trash/trash.service.ts";
import {
  folderTree,
  getPermissions,
  setPermissions,
  trashFolder,
  updateFolderMeta,
  visibleFolder,
} from "../folders/folders.service.ts";
import { loadAccess } from "../access.ts";
import { changeSettings, loadSettings, usedBytes } from "../settings.ts";
import { SettingsPanel } from "../settings/settings.view.tsx";
import { act, type C, type Status, uuidOrNull } from "./helpers.ts";

async function renderTrash(c: C, flash?: Flash, status: Status = 200) {
  const cursor = c.req.method === "GET" ? c.req.query("cursor") || undefined : undefined;
  const list = await listTrash(c.var.sql, c.var.session, { limit: 50, cursor });
  return await page(
    c,
    t(c.var.locale, "page.trash"),
    <TrashPanel l={c.var.locale} {...list} flash={flash} />,
    status,
  );
}

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

async function renderSettings(c: C, flash?: Flash, status: Status = 200) {
  const { sql, locale: l } = c.var;
  return await page(
    c,
    t(l, "page.settings"),
    <SettingsPanel
      l={l}
      settings={await loadSettings(sql)}
      usedBytes={await usedBytes(sql)}
      flash={flash}
    />,
    status,
  );
}

/** A whole number from a settings form field, or a 400 naming the field. */
function wholeNumber(form: Record<string, unknown>, name: string, min: number, max: number) {
  const raw = String(field(form as never, name)).trim();
  const n = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) {
    throw problems.badRequest(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

const ID = ":id{[0-9a-f-]{36}}";
const MiB = 1024 * 1024;
const sw = requirePermission("documents.settings.write");
const fw = requirePermission("documents.folder.write");
const write = requirePermission("documents.file.write");

export function otherPages() {
  return new Hono<AppEnv>()
    .get("/", requirePermission("documents.file.read"), async (c) => {
      const s = await stats(c.var.sql, c.var.session);
      return await page(
        c,
        t(c.var.locale, "page.dashboard"),
        <Dashboard l={c.var.locale} stats={s as never} />,
      );
    })
    .get("/settings", sw, (c) => renderSettings(c))
    .post("/settings", sw, (c) =>
      act(c, "/documents/settings", async (form) => {
        await changeSettings(c.var.sql, {
          quotaBytes: wholeNumber(form, "quotaMiB", 0, 2 ** 33) * MiB,
          maxFileBytes: wholeNumber(form, "maxFileMiB", 1, 2 ** 33) * MiB,
          versionLimit: wholeNumber(form, "versionLimit", 1, 1000),
          retentionDays: wholeNumber(form, "retentionDays", 1, 3650),
          notifyOnAccess: field(form, "notifyOnAccess") === "true",
        });
      }, (_b, f, s) => renderSettings(c, f, s)))
    .get("/trash", write, (c) => renderTrash(c))
    .post(`/trash/${ID}/restore`, write, (c) =>
      act(c, "/documents/trash", async () => {
        await restore(c.var.sql, c.var.session, c.req.param("id"));
      }, (_b, f, s) => renderTrash(c, f, s)))
    .post(`/trash/${ID}/delete`, write, (c) =>
      act(c, "/documents/trash", async () => {
        await purge(c.var.sql, c.var.session, c.req.param("id"));
      }, (_b, f, s) => renderTrash(c, f, s)))
    .post("/trash/empty", write, (c) =>
      act(c, "/documents/trash", async () => {
        await emptyTrash(c.var.sql, c.var.session);
      }, (_b, f, s) => renderTrash(c, f, s)))
    .get("/folders", requirePermission("documents.folder.read"), (c) => renderFolders(c))
    .post(`/folders/${ID}/rename`, fw, (c) =>
      act(c, "/documents/folders", async (form) => {
        await updateFolderMeta(c.var.sql, c.var.session, c.req.param("id"), {
          name: field(form, "name"),
        });
      }, (_b, f, s) => renderFolders(c, f, s)))
    .post(`/folders/${ID}/move`, fw, (c) =>
      act(c, "/documents/folders", async (form) => {
        await updateFolderMeta(c.var.sql, c.var.session, c.req.param("id"), {
          parentId: uuidOrNull(field(form, "parentId")),
        });
      }, (_b, f, s) => renderFolders(c, f, s)))
    .post(`/folders/${ID}/delete`, fw, (c) =>
      act(c, "/documents/folders", async () => {
        await trashFolder(c.var.sql, c.var.session, c.req.param("id"));
      }, (_b, f, s) => renderFolders(c, f, s)))
    .get(
      `/folders/${ID}/permissions`,
      requirePermission("documents.folder.read"),
      (c) => renderPermissions(c, c.req.param("id")),
    )
    .post(
      `/folders/${ID}/permissions`,
      fw,
      (c) =>
        act(c, `/documents/folders/${c.req.param("id")}/permissions`, async (form) => {
          const list = (k: string) =>
            (Array.isArray(form[k]) ? form[k] : form[k] ? [form[k]] : []) as string[];
          const principals = list("principal");
          const levels = list("level");
          // Empty principal rows are skipped, so levels pair with the chosen principals only.
          const raw = c.req.method === "POST" ? principals : [];
          const entries = raw.map((p, i) => {
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
          await setPermissions(c.var.sql, c.var.session, c.req.param("id"), {
            inherit: field(form, "inherit") === "true",
            entries,
          });
        }, (_b, f, s) => renderPermissions(c, c.req.param("id"), f, s)),
    )
    .route("/activity", activityPage())
    .get("/notifications", requirePermission("documents.file.read"), async (c) => {
      const limit = 25;
      const after = decodeCursor(c.req.query("cursor") || undefined, ["timestamp", "uuid"]) as
        | [string, string]
        | null;
      const rows = await listNotifications(c.var.sql, c.var.session.userId, {
        module: "documents",
        limit,
        after,
      });
      const { items, nextCursor } = toPage(rows, limit, (r) => [r.sortAt, r.id]);
      const l = c.var.locale;
      return await page(
        c,
        t(l, "page.notifications"),
        <div id="docs-panel">
          {items.length === 0 && <p class="muted">{t(l, "documents.noNotifications")}</p>}
          <ul class="notifications">{items.map((n) => <NotificationItem l={l} n={n} />)}</ul>
          {nextCursor && (
            <a href={`/documents/notifications?cursor=${nextCursor}`}>{t(l, "documents.more")}</a>
          )}
        </div>,
      );
    });
}
