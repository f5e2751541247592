import { dirname, join, resolve, sep as SEPARATOR } from "node:path";
import type { ByteRange, PartialSweep, Storage, StoredObject } from "./storage.contract.lib.ts";
import { checkKey } from "./storage.contract.lib.ts";
import { coalesce } from "./streams.lib.ts";

/** Writes of about 1 MiB: uploads arrive in 16–64 KiB pieces, and every write is one syscall. */
const WRITE_SIZE = 1024 * 1024;

/**
 * Files under one root: `objects/<tenant>/<uuid>`. Writes go to `tmp/` and are renamed into
 * place when complete (rename is atomic on one file system), so readers never see a partial file.
 */
export class LocalStorage implements Storage {
  readonly mode = "local" as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  #path(key: string): string {
    const path = resolve(this.root, "objects", checkKey(key));
    // Keys are validated already; this is the belt to those braces.
    if (!path.startsWith(join(this.root, "objects") + SEPARATOR)) throw new Error("path escape");
    return path;
  }

  async put(key: string, body: ReadableStream<Uint8Array>): Promise<void> {
    const target = this.#path(key);
    const tmpDir = join(this.root, "tmp");
    await Deno.mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, `${crypto.randomUUID()}.part`);
    try {
      const file = await Deno.open(tmp, { write: true, createNew: true });
      await body.pipeThrough(coalesce(WRITE_SIZE)).pipeTo(file.writable);
      await Deno.mkdir(dirname(target), { recursive: true });
      await Deno.rename(tmp, target);
    } catch (err) {
      await Deno.remove(tmp).catch(() => {});
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    const file = await Deno.open(this.#path(key), { read: true });
    if (!range) return file.readable;
    await file.seek(range.start, Deno.SeekMode.Start);
    let left = range.end - range.start + 1;
    const reader = file.readable.getReader();
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await reader.read();
        if (done || left <= 0) {
          controller.close();
          await reader.cancel().catch(() => {});
          return;
        }
        const chunk = value.byteLength > left ? value.subarray(0, left) : value;
        left -= chunk.byteLength;
        controller.enqueue(chunk);
        if (left <= 0) {
          controller.close();
          await reader.cancel().catch(() => {});
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
  }

  async delete(key: string): Promise<void> {
    await Deno.remove(this.#path(key)).catch((err) => {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    });
  }

  async *list(): AsyncIterable<StoredObject> {
    const base = join(this.root, "objects");
    let tenants: Deno.DirEntry[];
    try {
      tenants = await Array.fromAsync(Deno.readDir(base));
    } catch {
      return;
    }
    for (const t of tenants) {
      if (!t.isDirectory) continue;
      for await (const f of Deno.readDir(join(base, t.name))) {
        if (!f.isFile) continue;
        const stat = await Deno.stat(join(base, t.name, f.name));
        yield { key: `${t.name}/${f.name}`, modifiedAt: stat.mtime ?? new Date(0) };
      }
    }
  }

  async sweepPartial(before: Date): Promise<PartialSweep> {
    const swept = { removed: 0, bytes: 0 };
    const dir = join(this.root, "tmp");
    try {
      for await (const f of Deno.readDir(dir)) {
        const path = join(dir, f.name);
        const stat = await Deno.stat(path).catch(() => null);
        // An upload in progress writes every MiB; one left behind stops changing.
        if (stat && (stat.mtime ?? new Date(0)) < before) {
          await Deno.remove(path).then(() => {
            swept.removed++;
            swept.bytes += stat.size;
          }, () => {});
        }
      }
    } catch { /* no tmp dir yet */ }
    return swept;
  }
}
