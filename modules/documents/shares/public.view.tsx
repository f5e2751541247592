import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Document } from "../../../ui/document.tsx";
import { previewKind } from "../files/content-types.ts";
import { formatBytes, formatDate } from "../common/common.view.tsx";

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

/** The public page of a share link: no shell, no session. */
export function PublicPage(
  { l, token, view, needsPassword, error }: {
    l: Locale;
    token: string;
    view?: PublicView;
    needsPassword?: boolean;
    error?: string;
  },
) {
  const base = `/api/documents/public-share/${token}`;
  return (
    <Document locale={l} title={view?.name ?? t(l, "documents.sharedLink")}>
      <body>
        <link rel="stylesheet" href="/assets/documents.css" />
        <main id="main" class="docs-public">
          <h1>{view?.name ?? t(l, "documents.sharedLink")}</h1>
          {error && <p class="alert error" role="alert">{error}</p>}
          {needsPassword && (
            <form method="post" action={`/s/${token}`} class="card">
              <label for="share-pw">{t(l, "documents.password")}</label>
              <input id="share-pw" name="password" type="password" required autofocus />
              <button type="submit">{t(l, "documents.open")}</button>
            </form>
          )}
          {view?.expiresAt && (
            <p class="muted">{t(l, "documents.expires")} {formatDate(l, view.expiresAt)}</p>
          )}
          {view?.file && (
            <section class="card">
              {previewKind(view.file.contentType) === "image" && (
                <img class="docs-preview" src={`${base}?inline=1`} alt={view.file.name} />
              )}
              <p>
                {view.file.name} · {formatBytes(view.file.size)}
              </p>
              <a class="button" href={`${base}?download=1`} download>
                {t(l, "documents.download")}
              </a>
            </section>
          )}
          {view?.kind === "folder" && (
            <section class="card">
              {view.folderId !== view.shareFolderId && (
                <p>
                  <a href={`/s/${token}`}>{t(l, "documents.root")}</a>
                </p>
              )}
              <ul>
                {view.folders.map((f) => (
                  <li>
                    <a href={`/s/${token}?folder=${f.id}`}>📁 {f.name}</a>
                  </li>
                ))}
                {view.files.map((f) => (
                  <li>
                    <a href={`${base}?download=1&fileId=${f.id}`} download>{f.name}</a>{" "}
                    {formatBytes(f.size)}
                  </li>
                ))}
              </ul>
              {view.folders.length + view.files.length === 0 && (
                <p class="muted">{t(l, "documents.emptyFolder")}</p>
              )}
            </section>
          )}
        </main>
      </body>
    </Document>
  );
}
