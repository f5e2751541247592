/**
 * Article images: stored in Documents as attachments owned by the article (same storage, quota
 * and audit as every file), referenced from markdown as `kb-image:<file id>`. Uploads and reads
 * stream, so each step opens its own short transaction (upload.scope).
 */
import type { Actor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { problems } from "../../../shared/http/problem.ts";
import {
  attachmentBytes,
  attachments,
  listOwnersAttachments,
  previewAttachment,
  type Upload,
} from "../../documents/public.ts";
import { findArticle } from "./kb.repo.ts";
import { articleImageOwner, imageRef, isArticleImage } from "./kb.lib.ts";

export interface KbImage {
  id: string;
  name: string;
  contentType: string;
  size: number;
  markdown: string;
}

const asImage = (f: { id: string; name: string; contentType: string; size: number }): KbImage => ({
  id: f.id,
  name: f.name,
  contentType: f.contentType,
  size: f.size,
  markdown: `![${f.name.replace(/[[\]\\]/g, "")}](${imageRef(f.id)})`,
});

async function articleOr404(sql: Sql, id: string) {
  if (!(await findArticle(sql, id))) throw problems.notFound("No such article.");
}

async function imagesOf(sql: Sql, articleId: string) {
  const owner = articleImageOwner(articleId);
  const files = await listOwnersAttachments({ sql }, { ...owner, entityIds: [articleId] });
  return files.filter((f) => isArticleImage(f.contentType));
}

export async function listImages(actor: Pick<Actor, "sql">, articleId: string) {
  await articleOr404(actor.sql, articleId);
  return (await imagesOf(actor.sql, articleId)).map(asImage);
}

/** Stores the request's images on the article; anything but an image is removed again (422). */
export async function uploadImages(actor: Actor, upload: Upload, articleId: string) {
  await upload.scope((tx) => articleOr404(tx, articleId));
  const owner = articleImageOwner(articleId);
  const stored = await attachments.storeFromRequest(actor, { owner, upload });
  const refused = stored.filter((f) => !isArticleImage(f.contentType));
  if (refused.length) {
    for (const f of stored) await attachments.remove(actor, { owner, upload, id: f.id });
    throw problems.unprocessable("Only PNG, JPEG, GIF, WebP and AVIF images can go in an article.");
  }
  return stored.map(asImage);
}

/** An image of an article for its editors (inline, audited by Documents). */
export async function openImage(actor: Actor, upload: Upload, articleId: string, fileId: string) {
  await upload.scope(async (tx) => {
    await articleOr404(tx, articleId);
    if (!(await imagesOf(tx, articleId)).some((f) => f.id === fileId)) {
      throw problems.notFound("No such image.");
    }
  });
  return await previewAttachment(actor, {
    owner: articleImageOwner(articleId),
    upload,
    id: fileId,
  });
}

/**
 * An image of a public published article for anyone: the caller already found the article as
 * the portal role (so it is public and published); its files are read here in the tenant's
 * scope, because the portal role sees no Documents row. Null when the file is not one of the
 * article's images.
 */
export async function publicImage(
  scoped: <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>,
  articleId: string,
  fileId: string,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const file = await scoped(async (sql) =>
    (await imagesOf(sql, articleId)).find((f) => f.id === fileId)
  );
  if (!file) return null;
  const bytes = await attachmentBytes(scoped, file.id);
  return bytes ? { bytes, contentType: file.contentType } : null;
}
