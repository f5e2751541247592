import { Card, useT } from "../../../ui/kit.ts";
import { type CommentItem, CommentsCard } from "../comments/comments.view.tsx";
import { FavouriteButton } from "../favourites/favourites.view.tsx";
import type { ObjectType } from "./tags.schemas.ts";
import { TagBadges, type TagItem, TagsDialog } from "./tags.view.tsx";

export interface ObjectPanelData {
  type: ObjectType;
  id: string;
  name: string;
  tags: TagItem[];
  /** The workspace's tags, for those who may tag the object. */
  all?: TagItem[];
  favourite: boolean;
  comments: CommentItem[];
  me: string;
}

/** A file's or folder's tags (with the favourite star) and comments. */
export function ObjectPanels({ p, back }: { p: ObjectPanelData; back: string }) {
  const t = useT();
  return (
    <div class="docs-social">
      <Card
        title={t("documents.tags")}
        id="docs-object-tags"
        actions={
          <>
            <FavouriteButton type={p.type} id={p.id} on={p.favourite} back={back} />
            {p.all && (
              <TagsDialog
                action={`/documents/${p.type}s/${p.id}/tags`}
                back={back}
                name={p.name}
                tags={p.tags}
                all={p.all}
              />
            )}
          </>
        }
      >
        {p.tags.length ? <TagBadges tags={p.tags} /> : <p class="muted">{t("documents.noTags")}</p>}
      </Card>
      <CommentsCard type={p.type} id={p.id} comments={p.comments} me={p.me} back={back} />
    </div>
  );
}
