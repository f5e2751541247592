import type busboy from "busboy";
import { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { createHash } from "node:crypto";
import type { Config } from "../../../shared/config.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { newKey, storage } from "../storage/storage.lib.ts";
import { uploadName } from "../common/names.lib.ts";
import { contentTypeFor } from "./content-types.lib.ts";
import { coalesce, pulled } from "../storage/streams.lib.ts";
import { lazy } from "../../../shared/lazy.ts";

/** busboy (with node:stream's parsers, about 2 MB of heap), loaded by the first upload. */
const multipart = lazy(async () => (await import("busboy")).default);

/**
 * A streaming request's body and how to reach the database meanwhile: bytes flow outside any
 * transaction, and the service opens short ones with `scope` before and after.
 */
export interface Upload {
  request: Request;
  scope: <T>(fn: (tx: Sql) => Promise<T>) => Promise<T>;
  config?: Config;
  /** The body is the file itself (WebDAV PUT), not multipart/form-data. */
  raw?: { name: string; contentType?: string };
}

/** One file whose bytes are stored (not yet recorded in the database). */
export interface Received {
  key: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

class TooLarge extends Error {}

/** The parser reads the body in pieces of this size (see coalesce). */
const PARSE_SIZE = 256 * 1024;

/**
 * Counts and hashes bytes as they pass; past `max` bytes the stream fails (→ 413). The hash is
 * node:crypto's native SHA-256 (about 3× hash-wasm's here, which capped uploads near 350 MB/s).
 */
function measure(max: number) {
  const hasher = createHash("sha256");
  let size = 0;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > max) throw new TooLarge();
      hasher.update(chunk);
      controller.enqueue(chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hasher.digest("hex") }) };
}

/** Deletes stored objects of a failed request (best effort: the orphan job catches the rest). */
export async function discard(keys: string[]) {
  await Promise.all(keys.map((k) => storage().delete(k).catch(() => {})));
}

/**
 * Streams every part named "file" of a multipart/form-data body into storage, hashing and
 * counting on the way; nothing is buffered beyond a chunk. All or nothing: when one file fails
 * (too large, client gone, malformed body) the files already stored are deleted again.
 */
export async function receiveFiles(
  req: Request,
  opts: { tenantId: string; maxFileBytes: number; maxFiles?: number; config?: Config },
): Promise<Received[]> {
  const type = req.headers.get("content-type") ?? "";
  const body = req.body;
  if (!/^multipart\/form-data/i.test(type) || !body) {
    throw problems.badRequest("Send the files as multipart/form-data, in parts named file.");
  }
  let parser: busboy.Busboy;
  const busboyOf = await multipart();
  try {
    parser = busboyOf({
      headers: { "content-type": type },
      defParamCharset: "utf8",
      limits: { files: opts.maxFiles ?? 100, fields: 50, fieldSize: 64 * 1024 },
    });
  } catch {
    throw problems.badRequest("The multipart body has no valid boundary.");
  }
  const store = storage(opts.config);
  const source = Readable.fromWeb(
    body.pipeThrough(coalesce(PARSE_SIZE)) as import("node:stream/web").ReadableStream,
  );
  return await new Promise<Received[]>((resolve, reject) => {
    const jobs: Promise<Received>[] = [];
    let settled = false;
    const settle = async (err?: unknown) => {
      if (settled) return;
      settled = true;
      const results = await Promise.allSettled(jobs);
      const failure = err ?? results.find((r) => r.status === "rejected")?.reason;
      const stored = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      if (!failure && stored.length) return resolve(stored);
      await discard(stored.map((r) => r.key));
      source.destroy();
      reject(toProblem(failure, opts.maxFileBytes));
    };
    parser.on("file", (field, stream, info) => {
      // Errors reach us through the web stream (or not at all for skipped parts); a stream
      // destroyed when the request stops must not become an unhandled error.
      stream.on("error", () => {});
      if (field !== "file") return void stream.resume();
      const job = (async () => {
        const name = uploadName(info.filename);
        const key = newKey(opts.tenantId);
        const m = measure(opts.maxFileBytes);
        await store.put(key, pulled(stream).pipeThrough(m.stream));
        return { key, name, contentType: contentTypeFor(info.mimeType, name), ...m.result() };
      })();
      // The first failure stops the request at once (no need to read the rest of the body).
      job.catch((err) => {
        stream.resume();
        settle(err);
      });
      jobs.push(job);
    });
    parser.on("filesLimit", () => settle(problems.tooLarge("Too many files in one request.")));
    parser.on("close", () => settle());
    pipeline(source, parser, (err) => {
      if (err) settle(err);
    });
  });
}

/** Streams a whole request body (one file, e.g. a WebDAV PUT) into storage. */
export async function receiveBody(
  req: Request,
  opts: { tenantId: string; maxFileBytes: number; name: string; contentType?: string },
  config?: Config,
): Promise<Received[]> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > opts.maxFileBytes) {
    throw problems.tooLarge(`A file may have at most ${opts.maxFileBytes} bytes.`);
  }
  const key = newKey(opts.tenantId);
  const m = measure(opts.maxFileBytes);
  const body = req.body ?? new Blob([]).stream();
  try {
    await storage(config).put(key, body.pipeThrough(m.stream));
  } catch (err) {
    await discard([key]);
    throw toProblem(err, opts.maxFileBytes);
  }
  const name = uploadName(opts.name);
  return [{ key, name, contentType: contentTypeFor(opts.contentType, name), ...m.result() }];
}

function toProblem(err: unknown, max: number): unknown {
  if (err instanceof Problem) return err;
  if (err instanceof TooLarge || (err as { cause?: unknown })?.cause instanceof TooLarge) {
    return problems.tooLarge(`A file may have at most ${max} bytes.`);
  }
  if (err === undefined) return problems.badRequest("No file part (named file) in the request.");
  return problems.badRequest("The upload was interrupted or is not valid multipart/form-data.");
}
