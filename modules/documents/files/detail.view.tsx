import type { VNode } from "preact";
import {
  Badge,
  Button,
  Card,
  DataTable,
  DateTime,
  Dialog,
  Field,
  formatBytes,
  Grid,
  IconButton,
  RelativeTime,
  Toast,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { fileKind, previewKind } from "./content-types.lib.ts";
import { ActionForm, type Flash, kindOfFile } from "../common/common.view.tsx";
import {
  NewLink,
  type ShareChoices,
  ShareForm,
  type ShareItem,
  SharesTable,
} from "../shares/shares.view.tsx";
import { type FolderItem, FolderOptions, UploadForm } from "./files.view.tsx";
import { TextIndexFact } from "../fulltext/fulltext.view.tsx";
import type { TextIndex } from "../fulltext/fulltext.schemas.ts";
import { type FileLock, LockFact } from "../webdav/webdav.view.tsx";
import { BetterPreview, ThumbnailFact } from "../thumbnails/thumbnails.view.tsx";
import type { ThumbInfo } from "../thumbnails/thumbnails.rules.ts";

export interface FileDetailProps {
  back: string;
  canEdit: boolean;
  flash?: Flash;
  file: {
    id: string;
    name: string;
    size: number;
    contentType: string;
    sha256: string;
    version: number;
    folderId: string | null;
    createdByName: string | null;
    createdAt: string;
    updatedAt: string;
  };
  /** The folder it is in, root first. */
  path: { id: string; name: string }[];
  /** Whether the file's words are found by the search (absent: not shown). */
  textIndex?: TextIndex;
  versions: {
    id: string;
    version: number;
    size: number;
    createdAt: string;
    createdByName: string | null;
    current: boolean;
  }[];
  /** Its shares, for those who may share it. */
  shares?: { items: ShareItem[]; roles: ShareChoices["roles"]; newLink?: string };
  history: VNode;
  /** Tags, the favourite star and comments. */
  social?: VNode;
  /** Who holds a WebDAV lock on it, if anyone. */
  lock?: FileLock;
  /** Its thumbnail images or extracted text, shown rather than the raw file when present. */
  thumb?: ThumbInfo;
}

function Preview({ file, thumb }: { file: FileDetailProps["file"]; thumb?: ThumbInfo }) {
  const t = useT();
  const src = `/api/documents/files/${file.id}/preview`;
  const kind = previewKind(file.contentType);
  const textual = !kind || kind === "text";
  if (thumb?.large || (thumb?.excerpt && textual)) {
    const full = kind === "image" || kind === "pdf" ? src : undefined;
    return <BetterPreview name={file.name} thumb={thumb} textual={textual} full={full} />;
  }
  if (kind === "image") return <img class="docs-preview" src={src} alt={file.name} />;
  if (kind === "video") return <video class="docs-preview" src={src} controls></video>;
  if (kind === "audio") return <audio class="docs-audio" src={src} controls></audio>;
  if (kind === "pdf" || kind === "text") {
    return (
      <iframe class="docs-preview docs-frame" src={src} title={file.name} sandbox="">
      </iframe>
    );
  }
  return <p class="muted">{t("documents.noPreview")}</p>;
}

/** The file's facts: size, kind, owner, dates, version, folder, checksum. */
function Facts({ p }: { p: FileDetailProps }) {
  const t = useT();
  const { locale } = useReader();
  const f = p.file;
  const folder = p.path.at(-1);
  return (
    <dl class="docs-facts">
      <dt>{t("documents.size")}</dt>
      <dd>{formatBytes(locale, f.size)}</dd>
      <dt>{t("documents.type")}</dt>
      <dd title={f.contentType}>{kindOfFile(t, fileKind(f.contentType))}</dd>
      <dt>{t("documents.folder")}</dt>
      <dd>
        <a href={folder ? `/documents/files?folder=${folder.id}` : "/documents/files"}>
          {folder?.name ?? t("documents.root")}
        </a>
      </dd>
      <dt>{t("documents.owner")}</dt>
      <dd>
        <UserChip name={f.createdByName} />
      </dd>
      <dt>{t("documents.created")}</dt>
      <dd>
        <DateTime at={f.createdAt} />
      </dd>
      <dt>{t("documents.modified")}</dt>
      <dd>
        <RelativeTime at={f.updatedAt} />
      </dd>
      <dt>{t("documents.version")}</dt>
      <dd>{t("documents.versionN", { n: f.version })}</dd>
      <dt>{t("documents.checksum")}</dt>
      <dd class="docs-hash">{f.sha256}</dd>
      {p.textIndex && <TextIndexFact state={p.textIndex} />}
      {p.lock && <LockFact lock={p.lock} fileId={f.id} back={p.back} />}
    </dl>
  );
}

function Versions({ p }: { p: FileDetailProps }) {
  const t = useT();
  const { locale } = useReader();
  const f = p.file;
  return (
    <Card
      title={t("documents.versions")}
      flush
      actions={p.canEdit && (
        <Dialog
          id="docs-new-version"
          title={t("documents.newVersion")}
          trigger={t("documents.newVersion")}
          icon="file-up"
          variant="secondary"
          closeLabel={t("ui.close")}
        >
          <UploadForm
            action={`/documents/files/${f.id}/version`}
            api={`/api/documents/files/${f.id}/versions`}
            refresh="#content"
            hint={t("documents.newVersionHint", { name: f.name })}
          />
        </Dialog>
      )}
    >
      <DataTable
        id="docs-versions"
        label={t("documents.versions")}
        rows={p.versions}
        columns={[
          {
            label: t("documents.version"),
            cell: (v) => (
              <span class="docs-name">
                {t("documents.versionN", { n: v.version })}
                {v.current && <Badge tone="green">{t("documents.current")}</Badge>}
              </span>
            ),
          },
          { label: t("documents.size"), cell: (v) => formatBytes(locale, v.size), numeric: true },
          { label: t("documents.uploadedAt"), cell: (v) => <RelativeTime at={v.createdAt} /> },
          {
            label: t("documents.uploadedBy"),
            cell: (v) => <UserChip name={v.createdByName} />,
            wide: true,
          },
        ]}
        actionsLabel={t("documents.actions")}
        actions={(v) =>
          !v.current && (
            <span class="docs-row-actions">
              <IconButton
                icon="download"
                label={t("documents.downloadVersion", { n: v.version })}
                href={`/api/documents/files/${f.id}/download?versionId=${v.id}`}
              />
              {p.canEdit && (
                <ActionForm
                  action={`/documents/files/${f.id}/versions/${v.id}/restore`}
                  back={p.back}
                  confirm={t("documents.restoreVersionConfirm", { n: v.version })}
                >
                  <IconButton
                    type="submit"
                    icon="rotate-ccw"
                    label={t("documents.restoreVersionN", { n: v.version })}
                  />
                </ActionForm>
              )}
            </span>
          )}
      />
    </Card>
  );
}

/** A file's page: preview, facts, versions, shares and history. */
export function FileDetail(p: FileDetailProps) {
  const t = useT();
  return (
    <div id="docs-panel" class="docs-detail">
      <Toast flash={p.flash} />
      {p.shares?.newLink && <NewLink link={p.shares.newLink} />}
      <Grid size="lg">
        <Card title={t("documents.preview")}>
          <Preview file={p.file} thumb={p.thumb} />
          {p.thumb && <ThumbnailFact thumb={p.thumb} />}
        </Card>
        <Card title={t("documents.details")}>
          <Facts p={p} />
        </Card>
      </Grid>
      {p.social}
      <Versions p={p} />
      {p.shares && (
        <Card title={t("documents.shares")} flush>
          <SharesTable
            shares={p.shares.items}
            back={p.back}
            canEdit={p.canEdit}
            roles={p.shares.roles}
          />
        </Card>
      )}
      {p.history}
    </div>
  );
}

/** The file page's actions: download, share, rename, move and delete. */
export function FileActions(
  { file, back, canEdit, share, folders }: {
    file: FileDetailProps["file"];
    back: string;
    canEdit: boolean;
    share?: ShareChoices;
    folders: FolderItem[];
  },
) {
  const t = useT();
  const close = t("ui.close");
  return (
    <>
      <Button icon="download" href={`/api/documents/files/${file.id}/download`}>
        {t("documents.download")}
      </Button>
      {share && (
        <Dialog
          id="docs-share"
          title={t("documents.shareName", { name: file.name })}
          trigger={t("documents.share")}
          icon="share-2"
          variant="secondary"
          closeLabel={close}
        >
          <ShareForm
            action={`/documents/files/${file.id}/share`}
            back={back}
            choices={share}
          />
        </Dialog>
      )}
      {canEdit && (
        <>
          <Dialog
            id="docs-rename"
            title={t("documents.rename")}
            trigger={t("documents.rename")}
            icon="pencil"
            variant="secondary"
            closeLabel={close}
          >
            <ActionForm action={`/documents/files/${file.id}/rename`} back={back} class="form-grid">
              <Field label={t("documents.newName")} wide>
                <input name="name" type="text" value={file.name} required maxLength={255} />
              </Field>
              <div class="form-actions field-wide">
                <button type="submit" class="btn btn-primary">{t("documents.save")}</button>
              </div>
            </ActionForm>
          </Dialog>
          <Dialog
            id="docs-move"
            title={t("documents.moveName", { name: file.name })}
            trigger={t("documents.move")}
            icon="folder-input"
            variant="secondary"
            closeLabel={close}
          >
            <ActionForm action={`/documents/files/${file.id}/move`} back={back} class="form-grid">
              <Field label={t("documents.moveTo")} wide>
                <select name="folderId">
                  <FolderOptions folders={folders} selected={file.folderId} />
                </select>
              </Field>
              <div class="form-actions field-wide">
                <button type="submit" class="btn btn-primary">{t("documents.move")}</button>
              </div>
            </ActionForm>
          </Dialog>
          <ActionForm
            action={`/documents/files/${file.id}/delete`}
            back={file.folderId ? `/documents/files?folder=${file.folderId}` : "/documents/files"}
            confirm={t("documents.trashConfirm", { name: file.name })}
          >
            <Button type="submit" variant="danger" icon="trash-2">
              {t("documents.delete")}
            </Button>
          </ActionForm>
        </>
      )}
    </>
  );
}
