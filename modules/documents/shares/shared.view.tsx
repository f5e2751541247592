import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { SharedWithMe } from "./shares.schemas.ts";
import { Empty, formatBytes, formatDate } from "../common/common.view.tsx";

/** The files page's two views: the folder tree, and what others shared with the caller. */
export function FilesTabs({ l, shared }: { l: Locale; shared: boolean }) {
  return (
    <nav class="docs-tabs" aria-label={t(l, "documents.views")}>
      <a href="/documents/files" aria-current={shared ? undefined : "page"}>
        {t(l, "documents.allFiles")}
      </a>{" "}
      <a href="/documents/files?view=shared" aria-current={shared ? "page" : undefined}>
        {t(l, "documents.sharedWithMe")}
      </a>
    </nav>
  );
}

export function SharedPanel({ l, items }: { l: Locale; items: SharedWithMe[] }) {
  return (
    <div id="docs-panel">
      <FilesTabs l={l} shared />
      {items.length === 0 ? <Empty l={l} k="documents.nothingShared" /> : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t(l, "documents.name")}</th>
                <th>{t(l, "documents.size")}</th>
                <th>{t(l, "documents.sharedBy")}</th>
                <th>{t(l, "documents.access")}</th>
                <th>{t(l, "documents.expires")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr>
                  <td>
                    {i.targetType === "folder"
                      ? <a href={`/documents/files?folder=${i.targetId}`}>📁 {i.name}</a>
                      : <a href={`/documents/files?file=${i.targetId}`}>{i.name}</a>}
                  </td>
                  <td>{i.targetType === "file" ? formatBytes(i.size) : "—"}</td>
                  <td>{i.sharedByName ?? "—"}</td>
                  <td>{t(l, `documents.level.${i.level}`)}</td>
                  <td>{i.expiresAt ? formatDate(l, i.expiresAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
