import {
  Button,
  DataTable,
  EmptyState,
  formatBytes,
  Icon,
  IconButton,
  RelativeTime,
  Toast,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { ActionForm, type Flash } from "../common/common.view.tsx";

export interface TrashProps {
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

const BACK = "/documents/trash";

/** What is in the trash: restore or delete each for good; folders say how many files they hold. */
export function TrashPanel({ items, nextCursor, flash }: TrashProps) {
  const t = useT();
  const { locale } = useReader();
  return (
    <div id="docs-panel">
      <Toast flash={flash} />
      <DataTable
        id="docs-trash"
        label={t("page.trash")}
        rows={items}
        columns={[
          {
            label: t("documents.name"),
            cell: (i) => (
              <span class="docs-name" id={`trash-${i.id}`}>
                <Icon name={i.kind === "folder" ? "folder" : "file"} size={16} />
                <span>{i.name}</span>
                {i.kind === "folder" && (
                  <span class="muted">{t("documents.itemCount", { count: i.itemCount })}</span>
                )}
              </span>
            ),
          },
          { label: t("documents.size"), cell: (i) => formatBytes(locale, i.size), numeric: true },
          { label: t("documents.deletedAt"), cell: (i) => <RelativeTime at={i.deletedAt} /> },
          {
            label: t("documents.deletedBy"),
            cell: (i) => <UserChip name={i.deletedByName} />,
            wide: true,
          },
        ]}
        actionsLabel={t("documents.actions")}
        actions={(i) => (
          <span class="docs-row-actions">
            <ActionForm action={`/documents/trash/${i.id}/restore`} back={BACK}>
              <IconButton
                type="submit"
                icon="undo-2"
                label={t("documents.restoreName", { name: i.name })}
              />
            </ActionForm>
            <ActionForm
              action={`/documents/trash/${i.id}/delete`}
              back={BACK}
              confirm={t("documents.deleteConfirm", { name: i.name })}
            >
              <IconButton
                type="submit"
                icon="trash"
                variant="ghost"
                label={t("documents.deleteForeverName", { name: i.name })}
              />
            </ActionForm>
          </span>
        )}
        empty={
          <EmptyState icon="trash-2" title={t("documents.trashEmpty")}>
            {t("documents.trashHint")}
          </EmptyState>
        }
        more={nextCursor
          ? { href: `/documents/trash?cursor=${nextCursor}`, label: t("documents.more") }
          : undefined}
      />
    </div>
  );
}

/** The page's action: empty the whole trash (after a confirmation). */
export function EmptyTrashButton() {
  const t = useT();
  return (
    <ActionForm
      action="/documents/trash/empty"
      back={BACK}
      confirm={t("documents.emptyConfirm")}
    >
      <Button type="submit" variant="danger" icon="trash">{t("documents.emptyTrash")}</Button>
    </ActionForm>
  );
}
