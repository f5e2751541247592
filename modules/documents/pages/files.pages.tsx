import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { field, readForm } from "../../../shared/http/form.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { entityHistory } from "../../../platform/activity/activity.pages.tsx";
import { listMembers } from "../../../platform/identity/users.repo.ts";
import { listRoles } from "../../../platform/identity/roles.repo.ts";
import { page } from "../../../ui/render.tsx";
import { type FilesPageProps, FilesPanel } from "../files/files.view.tsx";
import type { Flash } from "../common/common.view.tsx";
import { atLeast, loadAccess } from "../access.ts";
import { folderTree } from "../folders/folders.service.ts";
import { createFolder } from "../folders/folders.service.ts";
import {
  deleteFile,
  getFile,
  listFolder,
  patchFile,
  restoreVersion,
  uploadFiles,
  uploadVersion,
  versions,
} from "../files/files.service.ts";
import { search } from "../search/search.service.ts";
import { runBulk } from "../files/bulk.ts";
import { createShare, listShares, revoke } from "../shares/shares.service.ts";
import { sharedWithMe } from "../shares/shares.repo.ts";
import { SharedPanel } from "../shares/shared.view.tsx";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { act, type C, type Status, uuidOrNull } from "./helpers.ts";
import { t } from "../../../shared/i18n/i18n.ts";

const read = requirePermission("documents.file.read");

/** The module's script and style (our CSP allows only our own files). */
export const ASSETS = (
  <>
    <link rel="stylesheet" href="/assets/documents.css" />
    <script src="/assets/documents.js" defer></script>
  </>
);
const write = requirePermission("documents.file.write");

/** The files page for a query string (folder, file, q, cursor). */
export async function renderFiles(
  c: C,
  url: string,
  flash?: Flash,
  status: Status = 200,
  newLink?: string,
) {
  const { sql, session, locale: l } = c.var;
  const q = new URL(url, "http://x").searchParams;
  const folderId = uuidOrNull(q.get("folder"));
  if (q.get("folder") && !folderId) throw problems.notFound();
  if (q.get("view") === "shared") {
    const items = await sharedWithMe(sql, session.userId, session.roles, 200);
    return await page(
      c,
      t(l, "page.files"),
      <>
        <SharedPanel l={l} items={items} />
        {ASSETS}
      </>,
      status,
    );
  }
  const text = (q.get("q") ?? "").slice(0, 200);
  const folders = await folderTree(sql, session);
  const access = await loadAccess(sql, session);
  if (folderId && !folders.some((f) => f.id === folderId)) throw problems.notFound();
  let files: FilesPageProps["files"];
  let subfolders = folders.filter((f) => f.parentId === folderId);
  let nextCursor: string | null = null;
  const cursor = q.get("cursor") ?? undefined;
  if (text) {
    const found = await search(sql, session, { q: text, limit: 50, cursor });
    files = found.items.filter((i) => i.kind === "file") as never;
    subfolders = folders.filter((f) =>
      found.items.some((i) => i.kind === "folder" && i.id === f.id)
    );
    nextCursor = found.nextCursor;
  } else {
    const list = await listFolder(sql, session, {
      folderId: folderId ?? undefined,
      limit: 50,
      cursor,
    });
    files = list.items;
    nextCursor = list.nextCursor;
  }
  const crumbs = access.path(folderId).map(({ id, name }) => ({ id, name }));
  const canEdit = atLeast(access.folder(folderId), "edit");
  let detail: FilesPageProps["detail"];
  const fileId = uuidOrNull(q.get("file"));
  if (fileId) {
    const f = await getFile(sql, session, fileId).catch((err) => {
      if (err instanceof Problem && err.status === 404) return null;
      throw err;
    });
    if (f) {
      const editable = atLeast(f.access ?? "none", "edit");
      detail = {
        l,
        back: url,
        canEdit: editable,
        file: f,
        versions: (await versions(sql, session, f.id)).items,
        shares: editable ? (await listShares(sql, session, "file", f.id)).items : [],
        newLink,
        members: editable
          ? (await listMembers(sql, { limit: 200 })).map((m) => ({ id: m.id, name: m.name }))
          : [],
        roles: editable ? (await listRoles(sql)).map((r) => r.key) : [],
        history: await entityHistory(c, {
          module: "documents",
          entityType: "file",
          entityId: f.id,
          href: "/documents/activity",
        }),
      };
    }
  }
  const mayShare = folderId && !detail && atLeast(access.folder(folderId), "edit") &&
    hasPermission(session.permissions, "documents.share.write");
  const folderShare = mayShare
    ? {
      shares: (await listShares(sql, session, "folder", folderId)).items,
      newLink,
      members: (await listMembers(sql, { limit: 200 })).map((m) => ({ id: m.id, name: m.name })),
      roles: (await listRoles(sql)).map((r) => r.key),
    }
    : undefined;
  const panel = (
    <FilesPanel
      folderShare={folderShare}
      l={l}
      folders={folders}
      folderId={folderId}
      crumbs={crumbs}
      files={files}
      subfolders={subfolders}
      nextCursor={nextCursor}
      q={text}
      canEdit={canEdit}
      back={url}
      flash={flash}
      detail={detail}
    />
  );
  return await page(c, t(l, "page.files"), <>{panel}{ASSETS}</>, status);
}

const fileBack = (id: string) => `/documents/files?file=${id}`;

/** The share dialog's form, for a file or a folder; the new public link is shown once. */
function shareAction(c: C, targetType: "file" | "folder", id: string) {
  const back = targetType === "file" ? fileBack(id) : `/documents/files?folder=${id}`;
  return act(c, back, async (form) => {
    const kind = field(form, "kind") as "public" | "user" | "group";
    if (!["public", "user", "group"].includes(kind)) {
      throw problems.badRequest("Pick who to share with.");
    }
    const expiry = field(form, "expiresAt");
    if (expiry && !/^\d{4}-\d\d-\d\d$/.test(expiry)) {
      throw problems.badRequest("The expiry date is not valid.");
    }
    const principalId = kind === "user"
      ? uuidOrNull(field(form, "userId")) ?? ""
      : kind === "group"
      ? field(form, "role")
      : undefined;
    if (kind !== "public" && !principalId) throw problems.badRequest("Pick a user or a group.");
    const password = field(form, "password");
    // The API's rule (NewShareBody): 4 to 200 characters.
    if (password && (password.length < 4 || password.length > 200)) {
      throw problems.badRequest("The password needs 4 to 200 characters.");
    }
    const share = await createShare(c.var.sql, c.var.platform.bus, c.var.session, {
      targetType,
      targetId: id,
      kind,
      principalId,
      // A date means the end of that day (UTC).
      expiresAt: expiry ? `${expiry}T23:59:59Z` : undefined,
      password: password || undefined,
    });
    const link = share.url ? new URL(share.url, c.req.url).toString() : undefined;
    return await renderFiles(
      c,
      back,
      { kind: "ok", text: t(c.var.locale, "documents.shared") },
      200,
      link,
    );
  }, (b, f, s) => renderFiles(c, b, f, s));
}

const current = (c: C) => c.req.path + (new URL(c.req.url).search || "");

export function filesPages() {
  const render = (c: C) => (back: string, flash: Flash, status: Status) =>
    renderFiles(c, back, flash, status);
  return new Hono<AppEnv>()
    .get("/files", read, (c) => renderFiles(c, current(c)))
    .post(
      "/folders/new",
      requirePermission("documents.folder.write"),
      (c) =>
        act(c, "/documents/files", async (form) => {
          await createFolder(
            c.var.sql,
            c.var.session,
            field(form, "name"),
            uuidOrNull(field(form, "parentId")),
          );
        }, render(c)),
    )
    .post(
      "/files/:id{[0-9a-f-]{36}}/rename",
      write,
      (c) =>
        act(c, fileBack(c.req.param("id")), async (form) => {
          await patchFile(c.var.sql, c.var.session, c.req.param("id"), {
            name: field(form, "name"),
          });
        }, render(c)),
    )
    .post(
      "/files/:id{[0-9a-f-]{36}}/move",
      write,
      (c) =>
        act(c, fileBack(c.req.param("id")), async (form) => {
          await patchFile(c.var.sql, c.var.session, c.req.param("id"), {
            folderId: uuidOrNull(field(form, "folderId")),
          });
        }, render(c)),
    )
    .post("/files/:id{[0-9a-f-]{36}}/delete", write, (c) =>
      act(c, "/documents/files", async () => {
        await deleteFile(c.var.sql, c.var.session, c.req.param("id"));
      }, render(c)))
    .post(
      "/files/:id{[0-9a-f-]{36}}/versions/:vid{[0-9a-f-]{36}}/restore",
      write,
      (c) =>
        act(c, fileBack(c.req.param("id")), async () => {
          await restoreVersion(c.var.sql, c.var.session, c.req.param("id"), c.req.param("vid"));
        }, render(c)),
    )
    .post(
      "/files/:id{[0-9a-f-]{36}}/share",
      requirePermission("documents.share.write"),
      (c) => shareAction(c, "file", c.req.param("id")),
    )
    .post(
      "/folders/:id{[0-9a-f-]{36}}/share",
      requirePermission("documents.share.write"),
      (c) => shareAction(c, "folder", c.req.param("id")),
    )
    .post(
      "/shares/:id{[0-9a-f-]{36}}/revoke",
      requirePermission("documents.share.write"),
      (c) =>
        act(c, "/documents/files", async () => {
          await revoke(c.var.sql, c.var.session, c.req.param("id"));
        }, render(c)),
    )
    // Streaming routes (the manifest's streamingPaths): no request transaction.
    .post("/upload", write, async (c) => {
      const folder = uuidOrNull(c.req.query("folder"));
      await uploadFiles(c, folder);
      return c.redirect(folder ? `/documents/files?folder=${folder}` : "/documents/files", 303);
    })
    .post("/files/:id{[0-9a-f-]{36}}/version", write, async (c) => {
      await uploadVersion(c, c.req.param("id"));
      return c.redirect(fileBack(c.req.param("id")), 303);
    });
}

/** Bulk form (streaming path: the zip answer streams, each file gets its own transaction). */
export function bulkPage() {
  return new Hono<AppEnv>().post("/bulk", read, async (c) => {
    const form = await readForm(c);
    const ids = (Array.isArray(form.ids) ? form.ids : form.ids ? [form.ids] : [])
      .map(uuidOrNull).filter((x): x is string => !!x);
    const action = field(form, "action");
    const back = /^\/documents\//.test(field(form, "back"))
      ? field(form, "back")
      : "/documents/files";
    if (!ids.length || !["move", "delete", "download"].includes(action)) {
      return c.redirect(back, 303);
    }
    const out = await runBulk(c, {
      action: action as "move" | "delete" | "download",
      ids,
      folderId: uuidOrNull(field(form, "folderId")),
    });
    if ("response" in out) return out.response;
    return c.redirect(back, 303);
  });
}
