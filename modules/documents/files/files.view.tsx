import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { Level } from "../access.ts";
import {
  ActionForm,
  Empty,
  type Flash,
  FlashMessage,
  formatBytes,
  formatDate,
} from "../common/common.view.tsx";
import { FileDetail, type FileDetailProps } from "./detail.view.tsx";
import { SharesSection } from "../shares/shares.view.tsx";
import { FilesTabs } from "../shares/shared.view.tsx";

export interface FolderItem {
  id: string;
  parentId: string | null;
  name: string;
  access: Level;
}

export interface FileItem {
  id: string;
  name: string;
  size: number;
  contentType: string;
  updatedAt: string;
  createdByName: string | null;
  folderId: string | null;
  path?: string;
  kind?: "file" | "folder";
}

export interface FilesPageProps {
  l: Locale;
  folders: FolderItem[];
  folderId: string | null;
  crumbs: { id: string; name: string }[];
  files: FileItem[];
  subfolders: FolderItem[];
  nextCursor: string | null;
  q: string;
  canEdit: boolean;
  back: string;
  flash?: Flash;
  detail?: FileDetailProps;
  /** The open folder's shares and share dialog (for those who may share it). */
  folderShare?: Omit<Parameters<typeof SharesSection>[0], "l" | "back" | "action" | "canEdit">;
}

const filesUrl = (params: Record<string, string | null | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `/documents/files?${s}` : "/documents/files";
};

function Tree(
  { l, folders, current }: { l: Locale; folders: FolderItem[]; current: string | null },
) {
  const children = (parent: string | null): preact.JSX.Element | null => {
    const kids = folders.filter((f) => f.parentId === parent);
    if (!kids.length) return null;
    return (
      <ul>
        {kids.map((f) => (
          <li>
            <a
              href={filesUrl({ folder: f.id })}
              aria-current={f.id === current ? "page" : undefined}
            >
              {f.name}
            </a>
            {children(f.id)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <nav class="docs-tree card" aria-label={t(l, "documents.tree")}>
      <a href="/documents/files" aria-current={current === null ? "page" : undefined}>
        {t(l, "documents.root")}
      </a>
      {children(null) ?? <p class="muted">{t(l, "documents.noFolders")}</p>}
    </nav>
  );
}

function Crumbs({ l, crumbs }: { l: Locale; crumbs: { id: string; name: string }[] }) {
  return (
    <nav aria-label={t(l, "documents.breadcrumbs")} class="docs-crumbs">
      <a href="/documents/files">{t(l, "documents.root")}</a>
      {crumbs.map((c) => (
        <>
          {" / "}
          <a href={filesUrl({ folder: c.id })}>{c.name}</a>
        </>
      ))}
    </nav>
  );
}

function FolderSelect(
  { l, id, folders, name, selected, form }: {
    l: Locale;
    id: string;
    folders: FolderItem[];
    name: string;
    selected?: string | null;
    form?: string;
  },
) {
  return (
    <>
      <label class="sr-only" for={id}>{t(l, "documents.moveTo")}</label>
      <select id={id} name={name} form={form}>
        <option value="">{t(l, "documents.root")}</option>
        {folders.filter((f) => f.access !== "view").map((f) => (
          <option value={f.id} selected={f.id === selected}>{f.name}</option>
        ))}
      </select>
    </>
  );
}

function Toolbar(
  { l, folderId, back, q }: { l: Locale; folderId: string | null; back: string; q: string },
) {
  const upload = `/documents/upload${folderId ? `?folder=${folderId}` : ""}`;
  return (
    <div class="docs-toolbar">
      <form method="get" action="/documents/files" class="inline" role="search">
        <label class="sr-only" for="docs-q">{t(l, "documents.search")}</label>
        <input
          id="docs-q"
          type="search"
          name="q"
          value={q}
          placeholder={t(l, "documents.search")}
        />
        <button type="submit" class="secondary">{t(l, "documents.searchButton")}</button>
      </form>
      <ActionForm action="/documents/folders/new" back={back}>
        <input type="hidden" name="parentId" value={folderId ?? ""} />
        <label class="sr-only" for="new-folder">{t(l, "documents.folderName")}</label>
        <input
          id="new-folder"
          name="name"
          type="text"
          required
          placeholder={t(l, "documents.folderName")}
        />
        <button type="submit" class="secondary">{t(l, "documents.newFolder")}</button>
      </ActionForm>
      <form
        method="post"
        action={upload}
        enctype="multipart/form-data"
        class="docs-upload"
        data-upload-url={`/api/documents/files/upload${folderId ? `?folderId=${folderId}` : ""}`}
      >
        <label for="docs-files" class="docs-drop">
          {t(l, "documents.dropHere")}
        </label>
        <input id="docs-files" type="file" name="file" multiple required />
        <button type="submit">{t(l, "documents.upload")}</button>
        <ul class="docs-progress" aria-live="polite"></ul>
      </form>
    </div>
  );
}

function Row(
  { l, f, folders, back, canEdit }: {
    l: Locale;
    f: FileItem;
    folders: FolderItem[];
    back: string;
    canEdit: boolean;
  },
) {
  return (
    <tr>
      <td>
        <input type="checkbox" name="ids" value={f.id} form="docs-bulk" aria-label={f.name} />
      </td>
      <td>
        <a href={filesUrl({ folder: f.folderId, file: f.id })}>{f.name}</a>
        {f.path ? <span class="muted">— {f.path || t(l, "documents.root")}</span> : null}
        {canEdit && (
          <details class="docs-rename">
            <summary>{t(l, "documents.rename")}</summary>
            <ActionForm action={`/documents/files/${f.id}/rename`} back={back}>
              <label class="sr-only" for={`rn-${f.id}`}>{t(l, "documents.newName")}</label>
              <input id={`rn-${f.id}`} name="name" type="text" value={f.name} required />
              <button type="submit" class="secondary">{t(l, "documents.save")}</button>
            </ActionForm>
          </details>
        )}
      </td>
      <td>{formatBytes(f.size)}</td>
      <td>{formatDate(l, f.updatedAt)}</td>
      <td class="docs-actions">
        <a href={`/api/documents/files/${f.id}/download`} download>{t(l, "documents.download")}</a>
        {canEdit && (
          <>
            <ActionForm action={`/documents/files/${f.id}/move`} back={back}>
              <FolderSelect
                l={l}
                id={`mv-${f.id}`}
                folders={folders}
                name="folderId"
                selected={f.folderId}
              />
              <button type="submit" class="secondary">{t(l, "documents.move")}</button>
            </ActionForm>
            <ActionForm action={`/documents/files/${f.id}/delete`} back={back}>
              <button type="submit" class="secondary">{t(l, "documents.delete")}</button>
            </ActionForm>
          </>
        )}
      </td>
    </tr>
  );
}

/** The files page: tree, breadcrumbs, toolbar, list with bulk actions, and the detail pane. */
export function FilesPanel(p: FilesPageProps) {
  const { l } = p;
  return (
    <div id="docs-panel" class="docs">
      <Tree l={l} folders={p.folders} current={p.folderId} />
      <section class="docs-main">
        <FilesTabs l={l} shared={false} />
        <FlashMessage flash={p.flash} />
        <Crumbs l={l} crumbs={p.crumbs} />
        <Toolbar l={l} folderId={p.folderId} back={p.back} q={p.q} />
        {p.subfolders.length > 0 && (
          <ul class="docs-subfolders">
            {p.subfolders.map((f) => (
              <li>
                <a href={filesUrl({ folder: f.id })}>📁 {f.name}</a>
              </li>
            ))}
          </ul>
        )}
        {/* A plain form: its zip answer must reach the browser as a download. */}
        <form method="post" action="/documents/bulk" id="docs-bulk" class="docs-bulk">
          <input type="hidden" name="back" value={p.back} />
          <span>{t(l, "documents.selected")}</span>
          <FolderSelect l={l} id="bulk-folder" folders={p.folders} name="folderId" />
          <button type="submit" name="action" value="move" class="secondary">
            {t(l, "documents.move")}
          </button>
          <button type="submit" name="action" value="delete" class="secondary">
            {t(l, "documents.delete")}
          </button>
          <button type="submit" name="action" value="download" class="secondary">
            {t(l, "documents.downloadZip")}
          </button>
        </form>
        <div id="docs-list">
          {p.files.length === 0
            ? <Empty l={l} k={p.q ? "documents.noResults" : "documents.emptyFolder"} />
            : (
              <div class="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>
                        <span class="sr-only">{t(l, "documents.select")}</span>
                      </th>
                      <th>{t(l, "documents.name")}</th>
                      <th>{t(l, "documents.size")}</th>
                      <th>{t(l, "documents.modified")}</th>
                      <th>{t(l, "documents.actions")}</th>
                    </tr>
                  </thead>
                  <tbody id="docs-rows">
                    {p.files.map((f) => (
                      <Row l={l} f={f} folders={p.folders} back={p.back} canEdit={p.canEdit} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          {p.nextCursor && (
            <p>
              <a href={filesUrl({ folder: p.folderId, q: p.q || null, cursor: p.nextCursor })}>
                {t(l, "documents.more")}
              </a>
            </p>
          )}
        </div>
      </section>
      {p.detail && <FileDetail {...p.detail} />}
      {!p.detail && p.folderShare && p.folderId && (
        <aside class="docs-detail card" aria-labelledby="docs-folder-share">
          <h2 id="docs-folder-share">
            {t(l, "documents.shareFolder")} {p.crumbs.at(-1)?.name}
          </h2>
          <SharesSection
            l={l}
            back={p.back}
            action={`/documents/folders/${p.folderId}/share`}
            canEdit
            {...p.folderShare}
          />
        </aside>
      )}
    </div>
  );
}
