import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import {
  ActionForm,
  Empty,
  type Flash,
  FlashMessage,
  formatBytes,
  formatDate,
} from "../common/common.view.tsx";

export interface TrashProps {
  l: Locale;
  items: {
    id: string;
    kind: "file" | "folder";
    name: string;
    size: number;
    deletedAt: string;
    deletedByName: string | null;
    itemCount: number;
  }[];
  nextCursor: string | null;
  flash?: Flash;
}

export function TrashPanel({ l, items, nextCursor, flash }: TrashProps) {
  const back = "/documents/trash";
  return (
    <div id="docs-panel">
      <FlashMessage flash={flash} />
      {items.length > 0 && (
        <ActionForm
          action="/documents/trash/empty"
          back={back}
          confirm={t(l, "documents.emptyConfirm")}
        >
          <button type="submit" class="secondary">{t(l, "documents.emptyTrash")}</button>
        </ActionForm>
      )}
      {items.length === 0 ? <Empty l={l} k="documents.trashEmpty" /> : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t(l, "documents.name")}</th>
                <th>{t(l, "documents.size")}</th>
                <th>{t(l, "documents.deletedAt")}</th>
                <th>{t(l, "documents.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr id={`trash-${i.id}`}>
                  <td>
                    {i.kind === "folder" ? "📁 " : ""}
                    {i.name}
                    {i.kind === "folder" && (
                      <span class="muted">
                        ({t(l, "documents.itemCount", { count: i.itemCount })})
                      </span>
                    )}
                  </td>
                  <td>{formatBytes(i.size)}</td>
                  <td>
                    {formatDate(l, i.deletedAt)} {i.deletedByName ?? ""}
                  </td>
                  <td class="docs-actions">
                    <ActionForm action={`/documents/trash/${i.id}/restore`} back={back}>
                      <button type="submit" class="secondary">{t(l, "documents.restore")}</button>
                    </ActionForm>
                    <ActionForm
                      action={`/documents/trash/${i.id}/delete`}
                      back={back}
                      confirm={t(l, "documents.deleteConfirm", { name: i.name })}
                    >
                      <button type="submit" class="secondary">
                        {t(l, "documents.deleteForever")}
                      </button>
                    </ActionForm>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextCursor && (
        <p>
          <a href={`/documents/trash?cursor=${nextCursor}`}>{t(l, "documents.more")}</a>
        </p>
      )}
    </div>
  );
}
