import type { Hono } from "hono";
import { actorOf } from "../../../shared/http/actor.ts";
import type { Upload } from "./upload.lib.ts";
import type { Context } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import {
  act,
  backOf,
  type C,
  field,
  type Flash,
  readForm,
  type Status,
  uuidOrNull,
} from "../../../shared/http/pages.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { listMembers, listRoles } from "../../../platform/identity/public.ts";
import { type Crumb, tr } from "../../../ui/kit.ts";
import { docsPage } from "../common/page.view.tsx";
import { moduleCrumb } from "../common/common.view.tsx";
import { roleLabel } from "../common/labels.lib.ts";
import { FilesActions, FilesPanel, filesUrl, type ListRow } from "./files.view.tsx";
import { FileActions, FileDetail } from "./detail.view.tsx";
import { FILE_KINDS } from "./content-types.lib.ts";
import { atLeast } from "../access/access.rules.ts";
import { loadAccess } from "../access/access.service.ts";
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
import { textIndex } from "../fulltext/fulltext.state.service.ts";
import { runBulk } from "./bulk.service.ts";
import { listShares, sharedWith } from "../shares/shares.service.ts";
import { SharedPanel } from "../shares/shared.view.tsx";
import { fileHistory } from "../audit/activity.pages.tsx";
import { favouritesView, objectPanel, rowMarks } from "../tags/tags.panel.service.ts";
import { ObjectPanels } from "../tags/tags.panel.view.tsx";
import { FavouritesPanel } from "../favourites/favourites.view.tsx";
import { listTags } from "../tags/tags.service.ts";
import { fileLock, lockHolders } from "../webdav/webdav.locks.service.ts";
import { filePreview, filesGrid } from "../thumbnails/thumbnails.pages.tsx";

const read = requirePermission("documents.file.read");
const write = requirePermission("documents.file.write");

/** Who the share dialog offers: members by name, roles by label. */
async function shareChoices(c: C) {
  const { sql } = c.var;
  return {
    members: (await listMembers(sql, { limit: 200 })).map((m) => ({ id: m.id, name: m.name })),
    roles: (await listRoles(sql)).map((r) => ({ key: r.key, label: roleLabel(tr(c), r) })),
  };
}

/** The crumbs down to a folder: the module, the files, then the folder's ancestors. */
function folderCrumbs(c: C, path: { id: string; name: string }[]): Crumb[] {
  const l = c.var.locale;
  return [
    moduleCrumb(tr(c)),
    { label: t(l, "page.files"), href: "/documents/files" },
    ...path.map((p) => ({ label: p.name, href: filesUrl({ folder: p.id }) })),
  ];
}

type FileView = Awaited<ReturnType<typeof getFile>>;

/** A file's page (after an action on it: with its message or the link made just now). */
async function renderFile(
  c: C,
  f: FileView,
  back: string,
  flash?: Flash,
  status: Status = 200,
  newLink?: string,
) {
  const { session } = c.var;
  const editable = atLeast(f.access ?? "none", "edit");
  const mayShare = editable && hasPermission(session.permissions, "documents.share.write");
  const choices = mayShare ? await shareChoices(c) : undefined;
  const shares = editable
    ? {
      items: (await listShares(actorOf(c), { type: "file", id: f.id })).items,
      roles: choices?.roles ?? [],
      newLink,
    }
    : undefined;
  return await docsPage(
    c,
    f.name,
    <FileDetail
      back={back}
      canEdit={editable}
      flash={flash}
      file={f}
      path={f.path}
      textIndex={await textIndex(actorOf(c), f.id)}
      versions={(await versions(actorOf(c), f.id)).items}
      shares={shares}
      history={await fileHistory(c, f.id)}
      social={<ObjectPanels p={await objectPanel(actorOf(c), "file", f.id)} back={back} />}
      lock={await fileLock(actorOf(c), f.id)}
      thumb={await filePreview(c, f.id)}
    />,
    {
      status,
      crumbs: folderCrumbs(c, f.path),
      actions: (
        <FileActions
          file={f}
          back={back}
          canEdit={editable}
          share={choices}
          folders={editable ? await folderTree(actorOf(c)) : []}
        />
      ),
    },
  );
}

/** The list's filters from the query (unknown types and owners are ignored). */
function readListFilters(q: URLSearchParams) {
  const type = q.get("type") ?? "";
  return {
    q: (q.get("q") ?? "").trim().slice(0, 200),
    type: type === "folder" || FILE_KINDS.some((k) => k === type && k !== "other") ? type : "",
    owner: uuidOrNull(q.get("owner")) ?? "",
    tag: uuidOrNull(q.get("tag")) ?? "",
  };
}

/** The files page for a query string (folder, file, view, q, type, owner, cursor). */
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
    return await docsPage(
      c,
      t(l, "documents.sharedWithMe"),
      <SharedPanel items={await sharedWith(actorOf(c), 200)} />,
      { status, crumbs: folderCrumbs(c, []) },
    );
  }
  if (q.get("view") === "favourites") {
    return await docsPage(
      c,
      t(l, "documents.favourites"),
      <FavouritesPanel items={await favouritesView(actorOf(c))} />,
      { status, crumbs: folderCrumbs(c, []) },
    );
  }
  const fileId = uuidOrNull(q.get("file"));
  if (fileId) {
    const f = await getFile(actorOf(c), fileId).catch((err) => {
      if (err instanceof Problem && err.status === 404) return null;
      throw err;
    });
    if (f) return await renderFile(c, f, url, flash, status, newLink);
  }
  const filters = readListFilters(q);
  const folders = await folderTree(actorOf(c));
  const access = await loadAccess({ sql, session });
  if (folderId && !folders.some((f) => f.id === folderId)) throw problems.notFound();
  const cursor = q.get("cursor") ?? undefined;
  let rows: ListRow[];
  let nextCursor: string | null;
  if (filters.q || filters.type || filters.owner || filters.tag) {
    const found = await search(actorOf(c), {
      tag: filters.tag || undefined,
      q: filters.q || undefined,
      type: filters.type || undefined,
      owner: filters.owner || undefined,
      folderId: folderId ?? undefined,
      limit: 50,
      cursor,
    });
    rows = found.items.map((i) => ({
      kind: i.kind,
      id: i.id,
      name: i.name,
      folderId: i.folderId,
      size: i.size,
      contentType: i.contentType,
      updatedAt: i.createdAt,
      ownerName: i.createdByName,
      path: i.path,
      snippetHtml: i.snippet,
      editable: i.kind === "file" && atLeast(access.file(i), "edit"),
    }));
    nextCursor = found.nextCursor;
  } else {
    const list = await listFolder(actorOf(c), {
      folderId: folderId ?? undefined,
      limit: 50,
      cursor,
    });
    // Subfolders head the first page; "load more" pages are files only.
    const subfolders: ListRow[] = cursor ? [] : folders
      .filter((f) => f.parentId === folderId)
      .map((f) => ({
        kind: "folder",
        id: f.id,
        name: f.name,
        folderId: f.parentId,
        size: null,
        contentType: null,
        updatedAt: f.updatedAt,
        ownerName: null,
        editable: false,
      }));
    rows = [
      ...subfolders,
      ...list.items.map((f) => ({
        kind: "file" as const,
        id: f.id,
        name: f.name,
        folderId: f.folderId,
        size: f.size,
        contentType: f.contentType,
        updatedAt: f.updatedAt,
        ownerName: f.createdByName,
        editable: atLeast(f.access ?? "none", "edit"),
      })),
    ];
    nextCursor = list.nextCursor;
  }
  const marks = await rowMarks(actorOf(c), rows);
  const locks = await lockHolders(
    actorOf(c),
    rows.filter((r) => r.kind === "file").map((r) => r.id),
  );
  rows = rows.map((r) => ({
    ...r,
    tags: marks.tags(r),
    favourite: marks.favourite(r),
    lockedBy: locks.has(r.id) ? locks.get(r.id)!.name ?? "" : undefined,
  }));
  const perms = session.permissions;
  const canEdit = atLeast(access.folder(folderId), "edit");
  const mayShare = Boolean(folderId) && canEdit && hasPermission(perms, "documents.share.write");
  const choices = mayShare ? await shareChoices(c) : undefined;
  const path = access.path(folderId).map(({ id, name }) => ({ id, name }));
  const here = path.at(-1);
  const folderName = here?.name ?? t(l, "documents.root");
  const layout = await filesGrid(c, {
    url,
    rows,
    href: (r) =>
      r.kind === "folder"
        ? filesUrl({ folder: r.id })
        : filesUrl({ folder: r.folderId, file: r.id }),
    more: nextCursor ? filesUrl({ ...Object.fromEntries(q), cursor: nextCursor }) : undefined,
  });
  return await docsPage(
    c,
    here ? here.name : t(l, "page.files"),
    <FilesPanel
      folders={folders}
      folderId={folderId}
      rows={rows}
      nextCursor={nextCursor}
      filters={filters}
      owners={(await listMembers(sql, { limit: 200 })).map((m) => ({ id: m.id, name: m.name }))}
      tags={(await listTags(actorOf(c))).items}
      social={folderId
        ? <ObjectPanels p={await objectPanel(actorOf(c), "folder", folderId)} back={url} />
        : undefined}
      canEdit={canEdit && hasPermission(perms, "documents.file.write")}
      back={url}
      flash={flash}
      layout={layout}
      folderShare={choices && folderId
        ? {
          shares: (await listShares(actorOf(c), { type: "folder", id: folderId })).items,
          newLink,
          roles: choices.roles,
        }
        : undefined}
    />,
    {
      status,
      crumbs: here ? folderCrumbs(c, path.slice(0, -1)) : [moduleCrumb(tr(c))],
      actions: (
        <FilesActions
          folderId={folderId}
          folderName={folderName}
          back={url}
          canUpload={canEdit && hasPermission(perms, "documents.file.write")}
          canCreateFolder={canEdit && hasPermission(perms, "documents.folder.write")}
          share={choices}
        />
      ),
    },
  );
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
          await patchFile(actorOf(c), {
            id: c.req.param("id"),
            patch: { name: field(form, "name") },
          });
        }, renderAgain(c)),
    )
    .post(
      `/files/${ID}/move`,
      write,
      (c) =>
        act(c, "/documents", fileBack(c.req.param("id")), async (form) => {
          await patchFile(actorOf(c), {
            id: c.req.param("id"),
            patch: { folderId: uuidOrNull(field(form, "folderId")) },
          });
        }, renderAgain(c)),
    )
    .post(
      `/files/${ID}/delete`,
      write,
      (c) =>
        act(c, "/documents", "/documents/files", async () => {
          await deleteFile(actorOf(c), c.req.param("id"));
        }, renderAgain(c)),
    )
    .post(
      `/files/${ID}/versions/:vid{[0-9a-f-]{36}}/restore`,
      write,
      (c) =>
        act(c, "/documents", fileBack(c.req.param("id")), async () => {
          await restoreVersion(actorOf(c), {
            id: c.req.param("id"),
            versionId: c.req.param("vid"),
          });
        }, renderAgain(c)),
    )
    // Streaming routes (the manifest's streamingPaths): no request transaction.
    .post("/upload", write, async (c) => {
      const folder = uuidOrNull(c.req.query("folder"));
      await uploadFiles(actorOf(c), { upload: uploadOf(c), folderId: folder });
      return c.redirect(folder ? `/documents/files?folder=${folder}` : "/documents/files", 303);
    })
    .post(`/files/${ID}/version`, write, async (c) => {
      await uploadVersion(actorOf(c), { upload: uploadOf(c), id: c.req.param("id") });
      return c.redirect(fileBack(c.req.param("id")), 303);
    })
    // Bulk form: the zip answer streams, each file gets its own transaction.
    .post("/bulk", read, async (c) => {
      const form = await readForm(c);
      const ids = checkedIds(form);
      const action = field(form, "action");
      const back = backOf(form, "/documents", "/documents/files");
      if (!ids.length || !["move", "delete", "download"].includes(action)) {
        return c.redirect(back, 303);
      }
      const out = await runBulk(actorOf(c), {
        scope: c.var.scope,
        action: action as "move" | "delete" | "download",
        ids,
        folderId: uuidOrNull(field(form, "folderId")),
      });
      if ("response" in out) return out.response;
      return c.redirect(back, 303);
    });
};

/** The streaming request's body, and the short transactions the upload opens around it. */
function uploadOf(c: Context<AppEnv>): Upload {
  return { request: c.req.raw, scope: c.var.scope, config: c.var.platform.config };
}
