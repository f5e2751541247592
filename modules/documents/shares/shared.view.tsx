import {
  DataTable,
  DateTime,
  EmptyState,
  formatBytes,
  Icon,
  RelativeTime,
  Tabs,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { SharedWithMe } from "./shares.schemas.ts";
import { fileKind, KIND_ICONS } from "../files/content-types.lib.ts";

/** The files page's two views: the folder tree, and what others shared with the caller. */
export function FilesTabs({ shared, favourites }: { shared: boolean; favourites?: boolean }) {
  const t = useT();
  return (
    <Tabs
      label={t("documents.views")}
      items={[
        {
          href: "/documents/files",
          label: t("documents.allFiles"),
          current: !shared && !favourites,
        },
        {
          href: "/documents/files?view=shared",
          label: t("documents.sharedWithMe"),
          current: shared,
        },
        {
          href: "/documents/files?view=favourites",
          label: t("documents.favourites"),
          current: !!favourites,
        },
      ]}
    />
  );
}

/** What others shared with the caller: files and folders, who shared them, until when. */
export function SharedPanel({ items }: { items: SharedWithMe[] }) {
  const t = useT();
  const { locale } = useReader();
  return (
    <div id="docs-panel">
      <FilesTabs shared />
      <DataTable
        id="docs-shared"
        label={t("documents.sharedWithMe")}
        rows={items}
        columns={[
          {
            label: t("documents.name"),
            cell: (i) => (
              <a
                class="docs-name"
                href={i.targetType === "folder"
                  ? `/documents/files?folder=${i.targetId}`
                  : `/documents/files?file=${i.targetId}`}
              >
                <Icon
                  name={i.targetType === "folder" ? "folder" : KIND_ICONS[fileKind(i.contentType)]}
                  size={16}
                />
                <span>{i.name}</span>
              </a>
            ),
          },
          {
            label: t("documents.size"),
            cell: (
              i,
            ) => (i.targetType === "file" && i.size !== null ? formatBytes(locale, i.size) : "—"),
            numeric: true,
          },
          { label: t("documents.sharedBy"), cell: (i) => <UserChip name={i.sharedByName} /> },
          { label: t("documents.level"), cell: (i) => t(`documents.level.${i.level}`) },
          {
            label: t("documents.sharedAt"),
            cell: (i) => <RelativeTime at={i.sharedAt} />,
            wide: true,
          },
          {
            label: t("documents.expires"),
            cell: (i) =>
              i.expiresAt ? <DateTime at={i.expiresAt} dateOnly /> : t("documents.never"),
            wide: true,
          },
        ]}
        empty={
          <EmptyState icon="share-2" title={t("documents.nothingShared")}>
            {t("documents.nothingSharedHint")}
          </EmptyState>
        }
      />
    </div>
  );
}
