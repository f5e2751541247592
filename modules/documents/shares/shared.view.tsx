import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import {
  DataTable,
  DateTime,
  EmptyState,
  formatBytes,
  Icon,
  RelativeTime,
  Tabs,
  UserChip,
} from "../../../ui/kit.ts";
import type { SharedWithMe } from "./shares.schemas.ts";
import { fileKind, KIND_ICONS } from "../files/content-types.lib.ts";

/** The files page's two views: the folder tree, and what others shared with the caller. */
export function FilesTabs({ l, shared }: { l: Locale; shared: boolean }) {
  return (
    <Tabs
      label={t(l, "documents.views")}
      items={[
        { href: "/documents/files", label: t(l, "documents.allFiles"), current: !shared },
        {
          href: "/documents/files?view=shared",
          label: t(l, "documents.sharedWithMe"),
          current: shared,
        },
      ]}
    />
  );
}

/** What others shared with the caller: files and folders, who shared them, until when. */
export function SharedPanel({ l, items }: { l: Locale; items: SharedWithMe[] }) {
  return (
    <div id="docs-panel">
      <FilesTabs l={l} shared />
      <DataTable
        id="docs-shared"
        label={t(l, "documents.sharedWithMe")}
        rows={items}
        columns={[
          {
            label: t(l, "documents.name"),
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
            label: t(l, "documents.size"),
            cell: (
              i,
            ) => (i.targetType === "file" && i.size !== null ? formatBytes(l, i.size) : "—"),
            numeric: true,
          },
          { label: t(l, "documents.sharedBy"), cell: (i) => <UserChip name={i.sharedByName} /> },
          { label: t(l, "documents.level"), cell: (i) => t(l, `documents.level.${i.level}`) },
          {
            label: t(l, "documents.sharedAt"),
            cell: (i) => <RelativeTime at={i.sharedAt} />,
            wide: true,
          },
          {
            label: t(l, "documents.expires"),
            cell: (i) =>
              i.expiresAt ? <DateTime at={i.expiresAt} dateOnly /> : t(l, "documents.never"),
            wide: true,
          },
        ]}
        empty={
          <EmptyState icon="share-2" title={t(l, "documents.nothingShared")}>
            {t(l, "documents.nothingSharedHint")}
          </EmptyState>
        }
      />
    </div>
  );
}
