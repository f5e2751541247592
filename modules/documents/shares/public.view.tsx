import { Document } from "../../../ui/document.tsx";
import {
  Button,
  Card,
  DataTable,
  DateTime,
  EmptyState,
  Field,
  formatBytes,
  Icon,
  IconButton,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { fileKind, KIND_ICONS, previewKind } from "../files/content-types.lib.ts";
import { kindOfFile } from "../common/common.view.tsx";

export interface PublicView {
  kind: "file" | "folder";
  name: string;
  expiresAt: string | null;
  file: { id: string; name: string; size: number; contentType: string } | null;
  folders: { id: string; name: string }[];
  files: { id: string; name: string; size: number; contentType: string }[];
  folderId: string | null;
  shareFolderId: string | null;
}

type Entry = { kind: "folder" | "file"; id: string; name: string; size?: number; type?: string };

function FolderList({ token, view }: { token: string; view: PublicView }) {
  const t = useT();
  const { locale } = useReader();
  const base = `/api/documents/public-share/${token}`;
  const rows: Entry[] = [
    ...view.folders.map((f) => ({ kind: "folder" as const, id: f.id, name: f.name })),
    ...view.files.map((f) => ({
      kind: "file" as const,
      id: f.id,
      name: f.name,
      size: f.size,
      type: f.contentType,
    })),
  ];
  return (
    <Card flush>
      {view.folderId !== view.shareFolderId && (
        <p class="docs-public-up">
          <a href={`/s/${token}`}>
            <Icon name="corner-left-up" size={16} />
            <span>{t("documents.backToShare")}</span>
          </a>
        </p>
      )}
      <DataTable
        id="docs-public-list"
        label={view.name}
        rows={rows}
        columns={[
          {
            label: t("documents.name"),
            cell: (r) =>
              r.kind === "folder"
                ? (
                  <a class="docs-name" href={`/s/${token}?folder=${r.id}`}>
                    <Icon name="folder" size={16} />
                    <span>{r.name}</span>
                  </a>
                )
                : (
                  <a class="docs-name" href={`${base}?download=1&fileId=${r.id}`} download="">
                    <Icon name={KIND_ICONS[fileKind(r.type)]} size={16} />
                    <span>{r.name}</span>
                  </a>
                ),
          },
          {
            label: t("documents.size"),
            cell: (r) => (r.size === undefined ? "—" : formatBytes(locale, r.size)),
            numeric: true,
          },
        ]}
        actionsLabel={t("documents.actions")}
        actions={(r) =>
          r.kind === "file" && (
            <IconButton
              icon="download"
              label={t("documents.downloadName", { name: r.name })}
              href={`${base}?download=1&fileId=${r.id}`}
            />
          )}
        empty={<EmptyState icon="folder-open" title={t("documents.emptyShare")} />}
      />
    </Card>
  );
}

function SharedFile({ token, file }: { token: string; file: PublicView["file"] }) {
  const t = useT();
  const { locale } = useReader();
  if (!file) return null;
  const base = `/api/documents/public-share/${token}`;
  return (
    <Card>
      {previewKind(file.contentType) === "image" && (
        <img class="docs-preview" src={`${base}?inline=1`} alt={file.name} />
      )}
      <p class="docs-name">
        <Icon name={KIND_ICONS[fileKind(file.contentType)]} />
        <span>{kindOfFile(t, fileKind(file.contentType))} · {formatBytes(locale, file.size)}</span>
      </p>
      <div class="form-actions">
        <Button icon="download" href={`${base}?download=1`}>
          {t("documents.download")}
        </Button>
      </div>
    </Card>
  );
}

/** The public page of a share link: no shell, no session; the password form when it has one. */
export function PublicPage(
  { token, view, needsPassword, error }: {
    token: string;
    view?: PublicView;
    needsPassword?: boolean;
    error?: string;
  },
) {
  const t = useT();
  const { locale } = useReader();
  const title = view?.name ??
    t(needsPassword ? "documents.passwordTitle" : "documents.sharedLink");
  return (
    <Document locale={locale} title={`${title} · ${t("app.name")}`}>
      <body class="standalone">
        <link rel="stylesheet" href="/assets/documents.css" />
        <main id="content" class="docs-public">
          <p class="docs-public-kicker">
            <Icon name="link" size={16} />
            <span>{t("documents.sharedLink")}</span>
          </p>
          <h1>{title}</h1>
          {view?.expiresAt && (
            <p class="muted">
              {t("documents.linkExpires")} <DateTime at={view.expiresAt} dateOnly />
            </p>
          )}
          <Toast flash={error ? { kind: "error", text: error } : undefined} />
          {needsPassword && (
            <Card>
              <form method="post" action={`/s/${token}`} class="form-grid">
                <Field label={t("documents.password")} hint={t("documents.passwordAsk")} wide>
                  <input
                    id="share-pw"
                    name="password"
                    type="password"
                    autocomplete="current-password"
                    required
                    autofocus
                  />
                </Field>
                <div class="form-actions field-wide">
                  <button type="submit" class="btn btn-primary">
                    <Icon name="lock-open" size={16} />
                    <span>{t("documents.open")}</span>
                  </button>
                </div>
              </form>
            </Card>
          )}
          {view?.kind === "file" && <SharedFile token={token} file={view.file} />}
          {view?.kind === "folder" && <FolderList token={token} view={view} />}
        </main>
      </body>
    </Document>
  );
}
