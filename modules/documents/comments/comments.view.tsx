import { Card, Field, IconButton, RelativeTime, UserChip, useT } from "../../../ui/kit.ts";
import { ActionForm, RowDialog } from "../common/common.view.tsx";
import type { ObjectType } from "../tags/tags.schemas.ts";

export interface CommentItem {
  id: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  /** Sanitised HTML (shared/text/markdown.ts). */
  bodyHtml: string;
  edited: boolean;
  createdAt: string;
}

/** A file's or folder's comments, oldest first, with a form to add one. */
export function CommentsCard(
  { type, id, comments, me, back }: {
    type: ObjectType;
    id: string;
    comments: CommentItem[];
    me: string;
    back: string;
  },
) {
  const t = useT();
  return (
    <Card title={t("documents.comments")} id="docs-comments">
      {comments.length === 0 && <p class="muted">{t("documents.noComments")}</p>}
      <ol class="docs-comments">
        {comments.map((c) => (
          <li id={`comment-${c.id}`} class="docs-comment">
            <div class="docs-comment-head">
              <UserChip name={c.authorName} />
              <RelativeTime at={c.createdAt} />
              {c.edited && <span class="muted">({t("documents.edited")})</span>}
              {c.authorId === me && (
                <span class="docs-row-actions">
                  <RowDialog
                    id={`edit-comment-${c.id}`}
                    icon="pencil"
                    label={t("documents.editComment")}
                    title={t("documents.editComment")}
                    closeLabel={t("ui.close")}
                  >
                    <ActionForm
                      action={`/documents/comments/${c.id}/edit`}
                      back={back}
                      class="form-grid"
                    >
                      <Field label={t("documents.commentLabel")} wide>
                        <textarea name="body" rows={4} required maxLength={20000}>
                          {c.body}
                        </textarea>
                      </Field>
                      <div class="form-actions field-wide">
                        <button type="submit" class="btn btn-primary">
                          {t("documents.save")}
                        </button>
                      </div>
                    </ActionForm>
                  </RowDialog>
                  <ActionForm
                    action={`/documents/comments/${c.id}/delete`}
                    back={back}
                    confirm={t("documents.deleteCommentConfirm")}
                  >
                    <IconButton type="submit" icon="trash-2" label={t("documents.deleteComment")} />
                  </ActionForm>
                </span>
              )}
            </div>
            <div class="docs-comment-body md" dangerouslySetInnerHTML={{ __html: c.bodyHtml }} />
          </li>
        ))}
      </ol>
      <ActionForm action={`/documents/${type}s/${id}/comments`} back={back} class="form-grid">
        <Field label={t("documents.commentLabel")} hint={t("documents.commentHint")} wide>
          <textarea id="docs-comment" name="body" rows={3} required maxLength={20000}></textarea>
        </Field>
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t("documents.postComment")}</button>
        </div>
      </ActionForm>
    </Card>
  );
}
