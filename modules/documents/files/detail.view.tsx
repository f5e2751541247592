import type { VNode } from "preact";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { previewKind } from "./content-types.ts";
import { ActionForm, formatBytes, formatDate } from "../common/common.view.tsx";
import { type ShareItem, SharesSection } from "../shares/shares.view.tsx";

export interface FileDetailProps {
  l: Locale;
  back: string;
  canEdit: boolean;
  file: {
    id: string;
    name: string;
    size: number;
    contentType: string;
    sha256: string;
    version: number;
    createdByName: string | null;
    createdAt: string;
    updatedAt: string;
  };
  versions: { id: string; version: number; size: number; createdAt: string; current: boolean }[];
  shares: ShareItem[];
  /** A public link created just now (shown once). */
  newLink?: string;
  members: { id: string; name: string }[];
  roles: string[];
  history: VNode;
}

function Preview({ l, file }: { l: Locale; file: FileDetailProps["file"] }) {
  const src = `/api/documents/files/${file.id}/preview`;
  const kind = previewKind(file.contentType);
  if (kind === "image") return <img class="docs-preview" src={src} alt={file.name} />;
  if (kind === "video") return <video class="docs-preview" src={src} controls></video>;
  if (kind === "audio") return <audio src={src} controls></audio>;
  if (kind === "pdf" || kind === "text") {
    return <iframe class="docs-preview" src={src} title={file.name} sandbox=""></iframe>;
  }
  return <p class="muted">{t(l, "documents.noPreview")}</p>;
}

export function FileDetail(p: FileDetailProps) {
  const { l, file, back } = p;
  return (
    <aside class="docs-detail card" aria-labelledby="docs-detail-title">
      <h2 id="docs-detail-title">{file.name}</h2>
      <Preview l={l} file={file} />
      <dl class="docs-meta">
        <dt>{t(l, "documents.size")}</dt>
        <dd>{formatBytes(file.size)}</dd>
        <dt>{t(l, "documents.type")}</dt>
        <dd>{file.contentType}</dd>
        <dt>{t(l, "documents.owner")}</dt>
        <dd>{file.createdByName ?? "—"}</dd>
        <dt>{t(l, "documents.modified")}</dt>
        <dd>{formatDate(l, file.updatedAt)}</dd>
        <dt>SHA-256</dt>
        <dd class="docs-hash">{file.sha256}</dd>
      </dl>
      <p>
        <a class="button" href={`/api/documents/files/${file.id}/download`} download>
          {t(l, "documents.download")}
        </a>
      </p>
      <h3>{t(l, "documents.versions")}</h3>
      <ul class="docs-versions">
        {p.versions.map((v) => (
          <li>
            v{v.version} · {formatBytes(v.size)} · {formatDate(l, v.createdAt)}{" "}
            {v.current ? <span class="badge">{t(l, "documents.current")}</span> : (
              <>
                <a href={`/api/documents/files/${file.id}/download?versionId=${v.id}`}>
                  {t(l, "documents.download")}
                </a>{" "}
                {p.canEdit && (
                  <ActionForm
                    action={`/documents/files/${file.id}/versions/${v.id}/restore`}
                    back={back}
                  >
                    <button type="submit" class="secondary">
                      {t(l, "documents.restoreVersion")}
                    </button>
                  </ActionForm>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {p.canEdit && (
        <form
          method="post"
          action={`/documents/files/${file.id}/version`}
          enctype="multipart/form-data"
        >
          <label for="docs-version">{t(l, "documents.newVersion")}</label>
          <input id="docs-version" type="file" name="file" required />
          <button type="submit" class="secondary">{t(l, "documents.upload")}</button>
        </form>
      )}
      <SharesSection
        l={l}
        back={back}
        action={`/documents/files/${file.id}/share`}
        canEdit={p.canEdit}
        shares={p.shares}
        newLink={p.newLink}
        members={p.members}
        roles={p.roles}
      />
      {p.history}
    </aside>
  );
}
