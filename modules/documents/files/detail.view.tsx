import type { VNode } from "preact";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
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

export interface FileDetailProps {
  l: Locale;
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
}

function Preview({ l, file }: { l: Locale; file: FileDetailProps["file"] }) {
  const src = `/api/documents/files/${file.id}/preview`;
  const kind = previewKind(file.contentType);
  if (kind === "image") return <img class="docs-preview" src={src} alt={file.name} />;
  if (kind === "video") return <video class="docs-preview" src={src} controls></video>;
  if (kind === "audio") return <audio class="docs-audio" src={src} controls></audio>;
  if (kind === "pdf" || kind === "text") {
    return (
      <iframe class="docs-preview docs-frame" src={src} title={file.name} sandbox="">
      </iframe>
    );
  }
  return <p class="muted">{t(l, "documents.noPreview")}</p>;
}

/** The file's facts: size, kind, owner, dates, version, folder, checksum. */
function Facts({ l, p }: { l: Locale; p: FileDetailProps }) {
  const f = p.file;
  const folder = p.path.at(-1);
  return (
    <dl class="docs-facts">
      <dt>{t(l, "documents.size")}</dt>
      <dd>{formatBytes(l, f.size)}</dd>
      <dt>{t(l, "documents.type")}</dt>
      <dd title={f.contentType}>{kindOfFile(l, fileKind(f.contentType))}</dd>
      <dt>{t(l, "documents.folder")}</dt>
      <dd>
        <a href={folder ? `/documents/files?folder=${folder.id}` : "/documents/files"}>
          {folder?.name ?? t(l, "documents.root")}
        </a>
      </dd>
      <dt>{t(l, "documents.owner")}</dt>
      <dd>
        <UserChip name={f.createdByName} />
      </dd>
      <dt>{t(l, "documents.created")}</dt>
      <dd>
        <DateTime at={f.createdAt} />
      </dd>
      <dt>{t(l, "documents.modified")}</dt>
      <dd>
        <RelativeTime at={f.updatedAt} />
      </dd>
      <dt>{t(l, "documents.version")}</dt>
      <dd>{t(l, "documents.versionN", { n: f.version })}</dd>
      <dt>{t(l, "documents.checksum")}</dt>
      <dd class="docs-hash">{f.sha256}</dd>
    </dl>
  );
}

function Versions({ l, p }: { l: Locale; p: FileDetailProps }) {
  const f = p.file;
  return (
    <Card
      title={t(l, "documents.versions")}
      flush
      actions={p.canEdit && (
        <Dialog
          id="docs-new-version"
          title={t(l, "documents.newVersion")}
          trigger={t(l, "documents.newVersion")}
          icon="file-up"
          variant="secondary"
          closeLabel={t(l, "ui.close")}
        >
          <UploadForm
            l={l}
            action={`/documents/files/${f.id}/version`}
            api={`/api/documents/files/${f.id}/versions`}
            refresh="#content"
            hint={t(l, "documents.newVersionHint", { name: f.name })}
          />
        </Dialog>
      )}
    >
      <DataTable
        id="docs-versions"
        label={t(l, "documents.versions")}
        rows={p.versions}
        columns={[
          {
            label: t(l, "documents.version"),
            cell: (v) => (
              <span class="docs-name">
                {t(l, "documents.versionN", { n: v.version })}
                {v.current && <Badge tone="green">{t(l, "documents.current")}</Badge>}
              </span>
            ),
          },
          { label: t(l, "documents.size"), cell: (v) => formatBytes(l, v.size), numeric: true },
          { label: t(l, "documents.uploadedAt"), cell: (v) => <RelativeTime at={v.createdAt} /> },
          {
            label: t(l, "documents.uploadedBy"),
            cell: (v) => <UserChip name={v.createdByName} />,
            wide: true,
          },
        ]}
        actionsLabel={t(l, "documents.actions")}
        actions={(v) =>
          !v.current && (
            <span class="docs-row-actions">
              <IconButton
                icon="download"
                label={t(l, "documents.downloadVersion", { n: v.version })}
                href={`/api/documents/files/${f.id}/download?versionId=${v.id}`}
              />
              {p.canEdit && (
                <ActionForm
                  action={`/documents/files/${f.id}/versions/${v.id}/restore`}
                  back={p.back}
                  confirm={t(l, "documents.restoreVersionConfirm", { n: v.version })}
                >
                  <IconButton
                    type="submit"
                    icon="rotate-ccw"
                    label={t(l, "documents.restoreVersionN", { n: v.version })}
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
  const { l } = p;
  return (
    <div id="docs-panel" class="docs-detail">
      <Toast flash={p.flash} />
      {p.shares?.newLink && <NewLink l={l} link={p.shares.newLink} />}
      <Grid size="lg">
        <Card title={t(l, "documents.preview")}>
          <Preview l={l} file={p.file} />
        </Card>
        <Card title={t(l, "documents.details")}>
          <Facts l={l} p={p} />
        </Card>
      </Grid>
      <Versions l={l} p={p} />
      {p.shares && (
        <Card title={t(l, "documents.shares")} flush>
          <SharesTable
            l={l}
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
  { l, file, back, canEdit, share, folders }: {
    l: Locale;
    file: FileDetailProps["file"];
    back: string;
    canEdit: boolean;
    share?: ShareChoices;
    folders: FolderItem[];
  },
) {
  const close = t(l, "ui.close");
  return (
    <>
      <Button icon="download" href={`/api/documents/files/${file.id}/download`}>
        {t(l, "documents.download")}
      </Button>
      {share && (
        <Dialog
          id="docs-share"
          title={t(l, "documents.shareName", { name: file.name })}
          trigger={t(l, "documents.share")}
          icon="share-2"
          variant="secondary"
          closeLabel={close}
        >
          <ShareForm
            l={l}
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
            title={t(l, "documents.rename")}
            trigger={t(l, "documents.rename")}
            icon="pencil"
            variant="secondary"
            closeLabel={close}
          >
            <ActionForm action={`/documents/files/${file.id}/rename`} back={back} class="form-grid">
              <Field label={t(l, "documents.newName")} wide>
                <input name="name" type="text" value={file.name} required maxLength={255} />
              </Field>
              <div class="form-actions field-wide">
                <button type="submit" class="btn btn-primary">{t(l, "documents.save")}</button>
              </div>
            </ActionForm>
          </Dialog>
          <Dialog
            id="docs-move"
            title={t(l, "documents.moveName", { name: file.name })}
            trigger={t(l, "documents.move")}
            icon="folder-input"
            variant="secondary"
            closeLabel={close}
          >
            <ActionForm action={`/documents/files/${file.id}/move`} back={back} class="form-grid">
              <Field label={t(l, "documents.moveTo")} wide>
                <select name="folderId">
                  <FolderOptions l={l} folders={folders} selected={file.folderId} />
                </select>
              </Field>
              <div class="form-actions field-wide">
                <button type="submit" class="btn btn-primary">{t(l, "documents.move")}</button>
              </div>
            </ActionForm>
          </Dialog>
          <ActionForm
            action={`/documents/files/${file.id}/delete`}
            back={file.folderId ? `/documents/files?folder=${file.folderId}` : "/documents/files"}
            confirm={t(l, "documents.trashConfirm", { name: file.name })}
          >
            <Button type="submit" variant="danger" icon="trash-2">
              {t(l, "documents.delete")}
            </Button>
          </ActionForm>
        </>
      )}
    </>
  );
}
