import {
  Button,
  DataTable,
  EmptyState,
  formatBytes,
  Icon,
  RelativeTime,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import { ActionForm } from "../common/common.view.tsx";
import { fileKind, KIND_ICONS } from "../files/content-types.lib.ts";
import { FilesTabs } from "../shares/shared.view.tsx";
import { TagBadges, type TagItem } from "../tags/tags.view.tsx";
import type { ObjectType } from "../tags/tags.schemas.ts";

/** The star on a file's or folder's page: adds it to (or removes it from) the caller's list. */
export function FavouriteButton(
  { type, id, on, back }: { type: ObjectType; id: string; on: boolean; back: string },
) {
  const t = useT();
  return (
    <ActionForm action={`/documents/${type}s/${id}/favourite`} back={back}>
      <input type="hidden" name="on" value={on ? "0" : "1"} />
      <Button
        type="submit"
        variant="secondary"
        small
        icon="star"
        class={on ? "docs-fav docs-fav-on" : "docs-fav"}
        aria-pressed={on ? "true" : "false"}
      >
        {on ? t("documents.removeFavourite") : t("documents.addFavourite")}
      </Button>
    </ActionForm>
  );
}

export interface FavouriteItem {
  kind: ObjectType;
  id: string;
  name: string;
  folderId: string | null;
  contentType: string | null;
  size: number | null;
  updatedAt: string;
  favouredAt: string;
  tags?: TagItem[];
}

/** The "Favourites" view of the files page: the caller's starred files and folders. */
export function FavouritesPanel({ items }: { items: FavouriteItem[] }) {
  const t = useT();
  const { locale } = useReader();
  return (
    <div id="docs-panel">
      <FilesTabs shared={false} favourites />
      <DataTable
        id="docs-favourites"
        label={t("documents.favourites")}
        rows={items}
        columns={[
          {
            label: t("documents.name"),
            cell: (i) => (
              <span class="docs-name">
                <Icon
                  name={i.kind === "folder" ? "folder" : KIND_ICONS[fileKind(i.contentType)]}
                  size={16}
                />
                <a
                  href={i.kind === "folder"
                    ? `/documents/files?folder=${i.id}`
                    : `/documents/files?file=${i.id}`}
                >
                  {i.name}
                </a>
                <TagBadges tags={i.tags} />
              </span>
            ),
          },
          {
            label: t("documents.size"),
            cell: (i) => (i.size === null ? "—" : formatBytes(locale, i.size)),
            numeric: true,
          },
          {
            label: t("documents.favouredAt"),
            cell: (i) => <RelativeTime at={i.favouredAt} />,
            wide: true,
          },
        ]}
        empty={
          <EmptyState icon="star" title={t("documents.noFavourites")}>
            {t("documents.noFavouritesHint")}
          </EmptyState>
        }
      />
    </div>
  );
}
