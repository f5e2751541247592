import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import {
  act,
  type C,
  field,
  type Flash,
  readForm,
  type Status,
  uuidOrNull,
} from "../../../shared/http/pages.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { entityHistory } from "../../../platform/activity/public.ts";
import { listMembers } from "../../../platform/identity/public.ts";
import { listRoles } from "../../../platform/identity/public.ts";
import { page } from "../../../ui/render.tsx";
import { type FilesPageProps, FilesPanel } from "./files.view.tsx";
import { atLeast, loadAccess } from "../access.ts";
import { folderTree } from "../folders/folders.service.ts";
import {
  deleteFile,
  getFile,
  listFolder,
  patchFile,
  restoreVersion,
  uploadFiles,
  uploadVersion,
  versions,
} from "./files.service.ts";
import { search } from "../search/search.service.ts";
import { runBulk } from "./bulk.ts";
import { listShares, sharedWith } from "../shares/shares.service.ts";
import { SharedPanel } from "../shares/shared.view.tsx";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
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
    const items = await sharedWith(sql, session, 200);
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

/** The files page with one file open (after an action on it). */
export const fileBack = (id: string) => `/documents/files?file=${id}`;

const current = (c: C) => c.req.path + (new URL(c.req.url).search || "");

/** Renders the files page again with an action's message. */
export const renderAgain = (c: C) => (back: string, flash: Flash, status: Status) =>
  renderFiles(c, back, flash, status);

/** Ids of the checked files of a bulk form. */
const checkedIds = (form: Record<string, string | string[]>) =>
  (Array.isArray(form.ids) ? form.ids : form.ids ? [form.ids] : [])
    .map(uuidOrNull).filter((x): x is string => !!x);

/** The files page, its per-file actions, uploads and the bulk form. */
export const mountFilePages = (app: Hono<AppEnv>) => {
  const ID = ":id{[0-9a-f-]{36}}";
  app
    .get("/files", read, (c) => renderFiles(c, current(c)))
    .post(
      `/files/${ID}/rename`,
      write,
      (c) =>
        act(c, "/documents", fileBack(c.req.param("id")), async (form) => {
          await patchFile(c.var.sql, c.var.session, c.req.param("id"), {
            name: field(form, "name"),
          });
        }, renderAgain(c)),
    )
    .post(
      `/files/${ID}/move`,
      write,
      (c) =>
        act(c, "/documents", fileBack(c.req.param("id")), async (form) => {
          await patchFile(c.var.sql, c.var.session, c.req.param("id"), {
            folderId: uuidOrNull(field(form, "folderId")),
          });
        }, renderAgain(c)),
    )
    .post(
      `/files/${ID}/delete`,
      write,
      (c) =>
        act(c, "/documents", "/documents/files", async () => {
          await deleteFile(c.var.sql, c.var.session, c.req.param("id"));
        }, renderAgain(c)),
    )
    .post(
      `/files/${ID}/versions/:vid{[0-9a-f-]{36}}/restore`,
      write,
      (c) =>
        act(c, "/documents", fileBack(c.req.param("id")), async () => {
          await restoreVersion(c.var.sql, c.var.session, c.req.param("id"), c.req.param("vid"));
        }, renderAgain(c)),
    )
    // Streaming routes (the manifest's streamingPaths): no request transaction.
    .post("/upload", write, async (c) => {
      const folder = uuidOrNull(c.req.query("folder"));
      await uploadFiles(c, folder);
      return c.redirect(folder ? `/documents/files?folder=${folder}` : "/documents/files", 303);
    })
    .post(`/files/${ID}/version`, write, async (c) => {
      await uploadVersion(c, c.req.param("id"));
      return c.redirect(fileBack(c.req.param("id")), 303);
    })
    // Bulk form: the zip answer streams, each file gets its own transaction.
    .post("/bulk", read, async (c) => {
      const form = await readForm(c);
      const ids = checkedIds(form);
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
};
