import type { SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { withScope } from "../../../shared/db/scope.ts";
import { findFile } from "../files/files.repo.ts";
import { fileResponse, PDF_CSP } from "../files/download.lib.ts";
import { previewKind } from "../files/content-types.lib.ts";
import { folderListing, subtree } from "./shares.repo.ts";
import { openPublic, recordPublicAccess } from "./shares.service.ts";

export interface PublicRequest {
  token: string;
  password?: string;
  fileId?: string;
  folderId?: string;
  /** Send the bytes: as a download, or inline for the preview. */
  bytes?: "download" | "inline";
  /** The password cookie's value (see proofCookieName), if any. */
  proof?: string;
  /** The caller's address (wrong passwords are counted per link and address). */
  address: string;
  /** The request, for conditional and range headers. */
  request: Request;
}

/**
 * Serves a public link without a session: the token names the tenant, and everything after
 * runs in that tenant's scope. Returns the JSON view or a streaming file response.
 */
export async function servePublic({ sql: db, bus }: SystemActor, r: PublicRequest) {
  const { tenantId, share } = await openPublic({ sql: db }, {
    token: r.token,
    password: r.password,
    proof: r.proof,
    address: r.address,
  });
  const result = await withScope(db, { tenantId }, async (tx) => {
    let folderId: string | null = null;
    let fileId: string | null = share.targetType === "file" ? share.targetId : null;
    if (share.targetType === "folder") {
      const ids = await subtree(tx, share.targetId);
      if (!ids.length) throw problems.notFound();
      folderId = r.folderId ?? share.targetId;
      if (!ids.includes(folderId)) throw problems.notFound();
      if (r.fileId) {
        const f = await findFile(tx, r.fileId);
        if (!f || f.deletedAt || f.ownerModule || !ids.includes(f.folderId ?? "")) {
          throw problems.notFound();
        }
        fileId = f.id;
      }
    }
    const file = fileId ? await findFile(tx, fileId) : null;
    if (fileId && (!file || file.deletedAt)) throw problems.notFound();
    if (file && r.bytes) {
      await recordPublicAccess({ sql: tx, bus }, {
        share,
        what: file.name,
        action: "public-download",
      });
      return { file };
    }
    await recordPublicAccess({ sql: tx, bus }, {
      share,
      what: share.targetName ?? "",
      action: "public-view",
    });
    const listing = folderId ? await folderListing(tx, folderId) : { folders: [], files: [] };
    const pick = file
      ? { id: file.id, name: file.name, size: file.size, contentType: file.contentType }
      : null;
    return {
      view: {
        kind: share.targetType,
        name: share.targetName ?? "",
        expiresAt: share.expiresAt,
        file: share.targetType === "file" ? pick : null,
        ...listing,
        folderId,
        shareFolderId: share.targetType === "folder" ? share.targetId : null,
      },
    };
  });
  if ("view" in result) return { view: result.view! };
  const f = result.file!;
  if (r.bytes === "inline") {
    const kind = previewKind(f.contentType);
    if (!kind) throw problems.notFound("No preview for this file; download it.");
    return {
      response: await fileResponse(r.request, f, {
        disposition: "inline",
        contentType: kind === "text" ? "text/plain; charset=utf-8" : undefined,
        csp: kind === "pdf" ? PDF_CSP : undefined,
      }),
    };
  }
  return { response: await fileResponse(r.request, f) };
}
