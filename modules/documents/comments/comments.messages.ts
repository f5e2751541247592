import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: comments on files and folders. Key → [English, Turkish]. */
export const commentsMessages = defineMessages({
  "documents.comments": ["Comments", "Yorumlar"],
  "documents.noComments": ["No comments yet.", "Henüz yorum yok."],
  "documents.commentLabel": ["Your comment", "Yorumunuz"],
  "documents.commentHint": [
    "Markdown works. Mention a member with @ and the part of their e-mail before the @.",
    "Markdown kullanılabilir. Bir üyeyi @ ve e-postasının @ öncesindeki kısmıyla anın.",
  ],
  "documents.postComment": ["Comment", "Yorum yap"],
  "documents.editComment": ["Edit comment", "Yorumu düzenle"],
  "documents.deleteComment": ["Delete comment", "Yorumu sil"],
  "documents.deleteCommentConfirm": ["Delete this comment?", "Bu yorum silinsin mi?"],
  "documents.edited": ["edited", "düzenlendi"],
  "documents.comments.mentioned": [
    "{name} mentioned you on “{object}”",
    "{name}, “{object}” üzerinde sizden bahsetti",
  ],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof commentsMessages> {}
}
