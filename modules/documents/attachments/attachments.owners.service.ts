/**
 * Attachment calls that work inside the caller's transaction (no streaming): listing the files
 * of many records at once, handing files from one record to another, reading a file's bytes
 * for an outgoing e-mail, and the inline preview. Callers check their own access rules first.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { findFile } from "../files/files.repo.ts";
import { fileResponse, PDF_CSP } from "../files/download.lib.ts";
import { previewKind } from "../files/content-types.lib.ts";
import { storage } from "../storage/storage.lib.ts";
import type { Upload } from "../files/upload.lib.ts";
import {
  type AttachmentInfo,
  attachmentInfo,
  type AttachmentOwner,
  summaryOwner,
} from "./attachments.service.ts";
import { filesOfOwners, liveAttachment, moveFiles, type OwnedFileRow } from "./attachments.repo.ts";

export type OwnedAttachment = AttachmentInfo & { ownerId: string };

const info = (f: OwnedFileRow): OwnedAttachment => ({ ...attachmentInfo(f), ownerId: f.ownerId });

const label = summaryOwner;

/** The files of many records of one kind (e.g. every comment of a ticket), oldest first. */
export async function listOwnersAttachments(
  actor: Pick<Actor, "sql">,
  owner: { module: string; entityType: string; entityIds: string[] },
): Promise<OwnedAttachment[]> {
  return (await filesOfOwners(actor.sql, owner)).map(info);
}

/**
 * Moves files from one record to another (a reply takes the files uploaded to its ticket).
 * Every id must be a live file of `from`, or nothing moves (404).
 */
export async function moveAttachments(
  actor: Pick<Actor, "sql">,
  { ids, from, to }: { ids: string[]; from: AttachmentOwner; to: AttachmentOwner },
): Promise<OwnedAttachment[]> {
  const unique = [...new Set(ids)];
  const moved = await moveFiles(actor.sql, unique, from, to);
  if (moved.length !== unique.length) throw problems.notFound("No such attachment.");
  for (const f of moved) {
    await recordActivity({ sql: actor.sql }, {
      module: "documents",
      entityType: "attachment",
      entityId: f.id,
      action: "moved",
      summary: `Moved attachment ${f.name} (${label(from)} → ${label(to)})`,
      before: { owner: label(from) },
      after: { name: f.name, owner: label(to) },
    });
  }
  const order = new Map(unique.map((id, i) => [id, i]));
  return moved.map(info).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/**
 * The bytes of a live attachment, for the outbox's sender (registered as the "documents" mail
 * attachment source). The row is read in a short transaction; the bytes outside it. Null when
 * the file was deleted (the mail then goes without it, saying so).
 */
export async function attachmentBytes(
  scoped: <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>,
  id: string,
): Promise<Uint8Array | null> {
  const f = await scoped((sql) => liveAttachment(sql, id));
  if (!f) return null;
  return new Uint8Array(await new Response(await storage().get(f.storageKey)).arrayBuffer());
}

/** An attachment shown inline (images, PDF, text, audio, video; 415 otherwise), audited. */
export async function previewAttachment(
  _actor: Actor,
  { owner, upload, id }: { owner: AttachmentOwner; upload: Upload; id: string },
): Promise<Response> {
  const f = await upload.scope(async (tx) => {
    const f = await findFile(tx, id);
    if (
      !f || f.deletedAt || f.ownerModule !== owner.module || f.ownerType !== owner.entityType ||
      f.ownerId !== owner.entityId
    ) throw problems.notFound("No such attachment.");
    await recordActivity({ sql: tx }, {
      module: "documents",
      entityType: "attachment",
      entityId: f.id,
      action: "previewed",
      summary: `Previewed attachment ${f.name} (${label(owner)})`,
    });
    return f;
  });
  const kind = previewKind(f.contentType);
  if (!kind) {
    throw new Problem(415, "no-preview", "Unsupported Media Type", "Download this file instead.");
  }
  return await fileResponse(upload.request, f, {
    disposition: "inline",
    contentType: kind === "text" ? "text/plain; charset=utf-8" : undefined,
    csp: kind === "pdf" ? PDF_CSP : undefined,
  });
}
