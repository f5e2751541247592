import { downloadZip } from "client-zip";
import type { Actor } from "../../../shared/http/actor.ts";
import type { Upload } from "./upload.lib.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { storage } from "../storage/storage.lib.ts";
import { loadAccess } from "../access/access.service.ts";
import { audit } from "../audit/audit.repo.ts";
import { restore } from "../trash/trash.service.ts";
import { deleteFile, patchFile, visibleFile } from "./files.service.ts";

export interface BulkInput {
  action: "move" | "delete" | "restore" | "download";
  ids: string[];
  folderId?: string | null;
}

/**
 * Bulk operations, each file in its own short transaction (a failure does not stop the
 * others); download answers a zip streamed as it is built.
 */
export async function runBulk(
  actor: Actor,
  { action, ids, folderId, scope }: BulkInput & Pick<Upload, "scope">,
): Promise<
  { response: Response } | {
    result: {
      action: string;
      done: string[];
      failed: { id: string; status: number; detail: string }[];
    };
  }
> {
  if (action === "download") return { response: await zip(actor, scope, ids) };
  const done: string[] = [];
  const failed: { id: string; status: number; detail: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await scope(async (tx) => {
        const txActor = { ...actor, sql: tx };
        if (action === "move") {
          if (folderId === undefined) {
            throw problems.validation([{ path: "body.folderId", message: "Required for move" }]);
          }
          await patchFile(txActor, { id, patch: { folderId } });
        } else if (action === "delete") await deleteFile(txActor, id);
        else await restore(txActor, id);
      });
      done.push(id);
    } catch (err) {
      if (!(err instanceof Problem)) throw err;
      failed.push({ id, status: err.status, detail: err.detail ?? err.title });
    }
  }
  return { result: { action, done, failed } };
}

/** A zip of the files (names made unique inside the archive). */
async function zip(actor: Actor, scope: Upload["scope"], ids: string[]) {
  const files = await scope(async (tx) => {
    const access = await loadAccess({ sql: tx, session: actor.session });
    const out = [];
    for (const id of [...new Set(ids)]) {
      const f = await visibleFile({ sql: tx }, { access: access, id: id });
      await audit(tx, "file", id, "downloaded", `Downloaded ${f.name} (zip)`);
      out.push(f);
    }
    return out;
  });
  const used = new Set<string>();
  const entries = files.map((f) => {
    let name = f.name;
    for (let i = 2; used.has(name.toLowerCase()); i++) {
      name = f.name.replace(/(\.[^.]*)?$/, ` (${i})$1`);
    }
    used.add(name.toLowerCase());
    return { name, size: f.size, lastModified: new Date(f.updatedAt), key: f.storageKey };
  });
  async function* inputs() {
    for (const e of entries) {
      yield {
        name: e.name,
        size: e.size,
        lastModified: e.lastModified,
        input: await storage().get(e.key),
      };
    }
  }
  const res = downloadZip(inputs(), {
    metadata: entries.map((e) => ({ name: e.name, size: e.size })),
  });
  const headers = new Headers(res.headers);
  headers.set("Content-Type", "application/zip");
  headers.set("Content-Disposition", `attachment; filename="documents.zip"`);
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(res.body, { status: 200, headers });
}
