import {
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Filters,
  formatBytes,
  Icon,
  IconButton,
  RelativeTime,
  Toast,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Level } from "../access/access.rules.ts";
import { ActionForm, type Flash, kindLabel, RowDialog } from "../common/common.view.tsx";
import { FILE_KINDS, fileKind, KIND_ICONS } from "./content-types.lib.ts";
import {
  NewLink,
  type ShareChoices,
  ShareForm,
  type ShareItem,
  SharesTable,
} from "../shares/shares.view.tsx";
import { FilesTabs } from "../shares/shared.view.tsx";
import { TagBadges, type TagItem } from "../tags/tags.view.tsx";
import type { VNode } from "preact";
import { DropDialog } from "../drops/drops.view.tsx";
import { ResumableAssets, useResumable } from "../uploads/uploads.view.tsx";

export interface FolderItem {
  id: string;
  parentId: string | null;
  name: string;
  access: Level;
}

/** One line of the list: a subfolder or a file (search results carry their folder path). */
export interface ListRow {
  kind: "file" | "folder";
  id: string;
  name: string;
  folderId: string | null;
  size: number | null;
  contentType: string | null;
  updatedAt: string | null;
  ownerName: string | null;
  /** Search results only: the folder path ("" for the root). */
  path?: string;
  /** Search results only: the file's text around the match (escaped HTML, matches in <mark>). */
  snippetHtml?: string | null;
  /** Whether the caller may rename, move or delete it. */
  editable: boolean;
  tags?: TagItem[];
  /** In the caller's favourites. */
  favourite?: boolean;
  /** Someone holds a live edit lock on the file: their name ("" when unknown). */
  lockedBy?: string;
}

export interface FileFilters {
  q: string;
  type: string;
  owner: string;
  /** A tag id ("" for any). */
  tag: string;
}

export interface FilesPageProps {
  folders: FolderItem[];
  folderId: string | null;
  rows: ListRow[];
  nextCursor: string | null;
  filters: FileFilters;
  owners: { id: string; name: string }[];
  /** The workspace's tags (the tag filter). */
  tags: TagItem[];
  /** The open folder's tags, star and comments. */
  social?: VNode;
  canEdit: boolean;
  back: string;
  flash?: Flash;
  /** The open folder's shares (for those who may share it) and a link made just now. */
  folderShare?: { shares: ShareItem[]; newLink?: string; roles: ShareChoices["roles"] };
  /** The list/grid toggle and, in grid layout, the tiles (thumbnails.pages.tsx). */
  layout?: { toggle: VNode; grid?: VNode };
}

export const filesUrl = (params: Record<string, string | null | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `/documents/files?${s}` : "/documents/files";
};

/**
 * The folder tree. On a phone it folds into one line naming the open folder (documents.js
 * closes it there), so the list comes first.
 */
function Tree(
  { folders, current }: { folders: FolderItem[]; current: string | null },
) {
  const t = useT();
  const branch = (parent: string | null): preact.JSX.Element | null => {
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
              <Icon name={f.id === current ? "folder-open" : "folder"} size={16} />
              <span>{f.name}</span>
            </a>
            {branch(f.id)}
          </li>
        ))}
      </ul>
    );
  };
  const open = folders.find((f) => f.id === current)?.name ?? t("documents.root");
  return (
    <details class="docs-tree" open data-docs-tree="">
      <summary>
        <Icon name="folder-tree" size={16} />
        <span class="docs-tree-title">{t("documents.tree")}</span>
        <span class="docs-tree-current">{open}</span>
      </summary>
      <nav aria-label={t("documents.tree")}>
        <ul>
          <li>
            <a href="/documents/files" aria-current={current === null ? "page" : undefined}>
              <Icon name="hard-drive" size={16} />
              <span>{t("documents.root")}</span>
            </a>
            {branch(null)}
          </li>
        </ul>
      </nav>
    </details>
  );
}

/** A folder by its path ("Reports / 2026"), so same-named folders tell apart. */
function folderPath(folders: FolderItem[], f: FolderItem): string {
  const names = [f.name];
  const seen = new Set([f.id]);
  for (let p = folders.find((x) => x.id === f.parentId); p && !seen.has(p.id);) {
    names.unshift(p.name);
    seen.add(p.id);
    p = folders.find((x) => x.id === p!.parentId);
  }
  return names.join(" / ");
}

/** Folders a file may move to: those the caller may edit, by path. */
export function FolderOptions(
  { folders, selected }: { folders: FolderItem[]; selected?: string | null },
) {
  const t = useT();
  return (
    <>
      <option value="">{t("documents.root")}</option>
      {folders.filter((f) => f.access !== "view" && f.access !== "none")
        .map((f) => ({ id: f.id, label: folderPath(folders, f) }))
        .sort((a, b) => a.label.localeCompare(b.label))
        .map((f) => <option value={f.id} selected={f.id === selected}>{f.label}</option>)}
    </>
  );
}

/** Checked files: move, delete, download as zip. Hidden by documents.js until one is checked. */
function BulkBar(
  { folders, back, canEdit }: {
    folders: FolderItem[];
    back: string;
    canEdit: boolean;
  },
) {
  const t = useT();
  // A plain form: its zip answer must reach the browser as a download.
  return (
    <form
      method="post"
      action="/documents/bulk"
      id="docs-bulk"
      class="docs-bulk"
      data-confirm-delete={t("documents.bulkDeleteConfirm")}
    >
      <input type="hidden" name="back" value={back} />
      <span class="docs-bulk-count" data-count-text={t("documents.selectedCount")}>
        {t("documents.selected")}
      </span>
      {canEdit && (
        <>
          <label class="sr-only" for="bulk-folder">{t("documents.moveTo")}</label>
          <select id="bulk-folder" name="folderId">
            <FolderOptions folders={folders} />
          </select>
          <Button
            type="submit"
            name="action"
            value="move"
            variant="secondary"
            small
            icon="folder-input"
          >
            {t("documents.move")}
          </Button>
          <Button
            type="submit"
            name="action"
            value="delete"
            variant="secondary"
            small
            icon="trash-2"
          >
            {t("documents.delete")}
          </Button>
        </>
      )}
      <Button
        type="submit"
        name="action"
        value="download"
        variant="secondary"
        small
        icon="download"
      >
        {t("documents.downloadZip")}
      </Button>
    </form>
  );
}

function NameCell({ r }: { r: ListRow }) {
  const t = useT();
  const href = r.kind === "folder"
    ? filesUrl({ folder: r.id })
    : filesUrl({ folder: r.folderId, file: r.id });
  return (
    <div class="docs-name-cell">
      <span class="docs-name">
        {r.kind === "file" && (
          <input
            type="checkbox"
            name="ids"
            value={r.id}
            form="docs-bulk"
            aria-label={t("documents.selectFile", { name: r.name })}
          />
        )}
        <Icon
          name={r.kind === "folder" ? "folder" : KIND_ICONS[fileKind(r.contentType)]}
          size={18}
        />
        <a href={href}>{r.name}</a>
        {r.favourite && (
          <span class="docs-fav-mark" title={t("documents.isFavourite")}>
            <Icon name="star" size={14} />
            <span class="sr-only">{t("documents.isFavourite")}</span>
          </span>
        )}
        {r.lockedBy !== undefined && <LockMark name={r.lockedBy} />}
        <TagBadges tags={r.tags} />
      </span>
      {r.path !== undefined && <span class="docs-path muted">{r.path || t("documents.root")}</span>}
      {r.snippetHtml && (
        <span class="docs-snippet muted" dangerouslySetInnerHTML={{ __html: r.snippetHtml }} />
      )}
    </div>
  );
}

/** A lock icon naming who edits the file (others cannot overwrite, move or delete it). */
function LockMark({ name }: { name: string }) {
  const t = useT();
  const text = name ? t("documents.lockedBy", { name }) : t("documents.lockedBySomeone");
  return (
    <span class="docs-lock-mark" title={text}>
      <Icon name="lock" size={14} />
      <span class="sr-only">{text}</span>
    </span>
  );
}

function RowActions({ r, back }: { r: ListRow; back: string }) {
  const t = useT();
  if (r.kind === "folder") return null;
  return (
    <span class="docs-row-actions">
      <IconButton
        icon="download"
        label={t("documents.downloadName", { name: r.name })}
        href={`/api/documents/files/${r.id}/download`}
      />
      {r.editable && (
        <>
          <RowDialog
            id={`rename-${r.id}`}
            icon="pencil"
            label={t("documents.renameName", { name: r.name })}
            title={t("documents.rename")}
            closeLabel={t("ui.close")}
          >
            <ActionForm action={`/documents/files/${r.id}/rename`} back={back} class="form-grid">
              <Field label={t("documents.newName")} wide>
                <input name="name" type="text" value={r.name} required maxLength={255} />
              </Field>
              <div class="form-actions field-wide">
                <button type="submit" class="btn btn-primary">{t("documents.save")}</button>
              </div>
            </ActionForm>
          </RowDialog>
          <ActionForm
            action={`/documents/files/${r.id}/delete`}
            back={back}
            confirm={t("documents.trashConfirm", { name: r.name })}
          >
            <IconButton
              type="submit"
              icon="trash-2"
              label={t("documents.deleteName", { name: r.name })}
            />
          </ActionForm>
        </>
      )}
    </span>
  );
}

/** The search, type and owner filters of the list; they keep the open folder. */
function ListFilters(
  { folderId, filters, owners, tags }: {
    folderId: string | null;
    filters: FileFilters;
    owners: { id: string; name: string }[];
    tags: TagItem[];
  },
) {
  const t = useT();
  return (
    <Filters action="/documents/files" target="#docs-list" label={t("documents.filters")}>
      {folderId && <input type="hidden" name="folder" value={folderId} />}
      <Field label={t("documents.search")}>
        <input
          id="docs-q"
          type="search"
          name="q"
          value={filters.q}
          placeholder={t("documents.searchPlaceholder")}
          maxLength={200}
        />
      </Field>
      <Field label={t("documents.type")}>
        <select name="type">
          <option value="">{t("documents.anyType")}</option>
          <option value="folder" selected={filters.type === "folder"}>
            {t("documents.kind.folder")}
          </option>
          {FILE_KINDS.filter((k) => k !== "other").map((k) => (
            <option value={k} selected={filters.type === k}>{kindLabel(t, k)}</option>
          ))}
        </select>
      </Field>
      <Field label={t("documents.owner")}>
        <select name="owner">
          <option value="">{t("documents.anyone")}</option>
          {owners.map((o) => (
            <option value={o.id} selected={filters.owner === o.id}>{o.name}</option>
          ))}
        </select>
      </Field>
      {tags.length > 0 && (
        <Field label={t("documents.tag")}>
          <select name="tag">
            <option value="">{t("documents.anyTag")}</option>
            {tags.map((x) => (
              <option value={x.id} selected={filters.tag === x.id}>{x.name}</option>
            ))}
          </select>
        </Field>
      )}
    </Filters>
  );
}

/** The files page: folder tree, filters, the list with bulk actions, the folder's shares. */
export function FilesPanel(p: FilesPageProps) {
  const t = useT();
  const { locale } = useReader();
  const searching = Boolean(p.filters.q || p.filters.type || p.filters.owner || p.filters.tag);
  const hasFiles = p.rows.some((r) => r.kind === "file");
  const more = p.nextCursor
    ? filesUrl({
      folder: p.folderId,
      q: p.filters.q,
      type: p.filters.type,
      owner: p.filters.owner,
      tag: p.filters.tag,
      cursor: p.nextCursor,
    })
    : undefined;
  return (
    <div id="docs-panel" class="docs" data-docs-drop={p.canEdit ? "docs-upload" : undefined}>
      <Toast flash={p.flash} />
      {p.folderShare?.newLink && <NewLink link={p.folderShare.newLink} />}
      <FilesTabs shared={false} />
      <div class="docs-layout">
        <Tree folders={p.folders} current={p.folderId} />
        <div class="docs-main">
          <ListFilters
            folderId={p.folderId}
            filters={p.filters}
            owners={p.owners}
            tags={p.tags}
          />
          <div id="docs-list">
            {p.layout?.toggle}
            {hasFiles && <BulkBar folders={p.folders} back={p.back} canEdit={p.canEdit} />}
            {p.layout?.grid && p.rows.length ? p.layout.grid : (
              <DataTable
                id="docs-files"
                label={t("documents.listLabel")}
                rows={p.rows}
                columns={[
                  { label: t("documents.name"), cell: (r) => <NameCell r={r} /> },
                  {
                    label: t("documents.size"),
                    cell: (r) => (r.size === null ? "—" : formatBytes(locale, r.size)),
                    numeric: true,
                  },
                  {
                    label: t("documents.modified"),
                    cell: (r) => <RelativeTime at={r.updatedAt} />,
                    wide: true,
                  },
                  {
                    label: t("documents.owner"),
                    cell: (r) => <UserChip name={r.ownerName} />,
                    wide: true,
                  },
                ]}
                actionsLabel={t("documents.actions")}
                actions={(r) => <RowActions r={r} back={p.back} />}
                empty={searching
                  ? <EmptyState icon="search" title={t("documents.noResults")} />
                  : (
                    <EmptyState
                      icon="folder-open"
                      title={t("documents.emptyFolder")}
                      action={p.canEdit && (
                        <Button icon="upload" data-dialog-open="docs-upload" aria-haspopup="dialog">
                          {t("documents.upload")}
                        </Button>
                      )}
                    >
                      {p.canEdit && t("documents.emptyFolderHint")}
                    </EmptyState>
                  )}
                more={more ? { href: more, label: t("documents.more") } : undefined}
              />
            )}
          </div>
          {p.social}
          {p.folderShare && p.folderShare.shares.length > 0 && (
            <Card title={t("documents.folderShares")} flush>
              <SharesTable
                shares={p.folderShare.shares}
                back={p.back}
                canEdit
                roles={p.folderShare.roles}
              />
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The page's actions: new folder, upload (with a drop zone and a progress bar per file) and,
 * in a folder the caller may share, the share dialog.
 */
export function FilesActions(
  { folderId, folderName, back, canUpload, canCreateFolder, share }: {
    folderId: string | null;
    folderName: string;
    back: string;
    canUpload: boolean;
    canCreateFolder: boolean;
    share?: ShareChoices;
  },
) {
  const t = useT();
  const q = folderId ? `?folder=${folderId}` : "";
  return (
    <>
      {share && folderId && (
        <Dialog
          id="docs-share"
          title={t("documents.shareFolderName", { name: folderName })}
          trigger={t("documents.share")}
          icon="share-2"
          variant="secondary"
          closeLabel={t("ui.close")}
        >
          <ShareForm
            action={`/documents/folders/${folderId}/share`}
            back={back}
            choices={share}
          />
        </Dialog>
      )}
      {share && folderId && <DropDialog folderId={folderId} folderName={folderName} back={back} />}
      {canCreateFolder && (
        <Dialog
          id="docs-new-folder"
          title={t("documents.newFolder")}
          trigger={t("documents.newFolder")}
          icon="folder-plus"
          variant="secondary"
          closeLabel={t("ui.close")}
        >
          <ActionForm action="/documents/folders/new" back={back} class="form-grid">
            <input type="hidden" name="parentId" value={folderId ?? ""} />
            <Field
              label={t("documents.folderName")}
              hint={t("documents.insideFolder", { name: folderName })}
              wide
            >
              <input id="new-folder" name="name" type="text" required maxLength={255} />
            </Field>
            <div class="form-actions field-wide">
              <button type="submit" class="btn btn-primary">{t("documents.create")}</button>
            </div>
          </ActionForm>
        </Dialog>
      )}
      {canUpload && (
        <Dialog
          id="docs-upload"
          title={t("documents.uploadTitle")}
          trigger={t("documents.upload")}
          icon="upload"
          closeLabel={t("ui.close")}
        >
          <UploadForm
            action={`/documents/upload${q}`}
            api={`/api/documents/files/upload${folderId ? `?folderId=${folderId}` : ""}`}
            refresh="#docs-panel"
            hint={t("documents.uploadInto", { name: folderName })}
            multiple
            resumable={{ folderId }}
          />
        </Dialog>
      )}
    </>
  );
}

/**
 * An upload form: a drop zone around a file input. documents.js sends each file on its own
 * request with a progress bar, then refreshes `refresh`; without script it posts as a form.
 */
export function UploadForm(
  { action, api, refresh, hint, multiple, resumable }: {
    action: string;
    api: string;
    refresh: string;
    hint: string;
    multiple?: boolean;
    /** Sent with tus (resumable, in pieces) rather than one request per file. */
    resumable?: { folderId: string | null };
  },
) {
  const t = useT();
  const tus = useResumable(resumable?.folderId ?? null);
  return (
    <form
      method="post"
      action={action}
      enctype="multipart/form-data"
      class="docs-upload"
      data-upload-url={api}
      data-refresh={refresh}
      data-done-text={t("documents.uploadedCount")}
      data-network-text={t("documents.networkError")}
      {...(resumable ? tus : {})}
    >
      {resumable && <ResumableAssets />}
      <div class="docs-drop">
        <Icon name="cloud-upload" size={32} />
        <p class="docs-drop-title">{t(multiple ? "documents.dropHere" : "documents.dropOne")}</p>
        <p class="muted">{hint}</p>
        <Field label={t(multiple ? "documents.chooseFiles" : "documents.chooseFile")}>
          <input
            id={multiple ? "docs-upload-files" : "docs-version-file"}
            type="file"
            name="file"
            multiple={multiple}
            required
          />
        </Field>
      </div>
      <ul class="docs-progress" aria-live="polite"></ul>
      <div class="form-actions">
        <button type="submit" class="btn btn-primary">
          <Icon name="upload" size={16} />
          <span>{t("documents.upload")}</span>
        </button>
      </div>
    </form>
  );
}
