import S3rver from "s3rver";
import { testApp } from "../helpers.ts";
import { browse as browsePage, type Caller, itest } from "../helpers.ts";
import { type Storage, useStorage } from "../../modules/documents/storage/storage.lib.ts";
import { LocalStorage } from "../../modules/documents/storage/storage.local.lib.ts";
import { ObjectStorage } from "../../modules/documents/storage/storage.s3.lib.ts";

export type Backend = "local" | "objstore";
export const BACKENDS: Backend[] = ["local", "objstore"];
export const BUCKET = "documents-test";

let s3: Promise<ObjectStorage> | null = null;
let local: LocalStorage | null = null;

/** A real S3 protocol server (s3rver) on 127.0.0.1, started once per test process. */
export function s3rverStorage(): Promise<ObjectStorage> {
  s3 ??= (async () => {
    const directory = await Deno.makeTempDir({ prefix: "s3rver-" });
    const server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    return new ObjectStorage({
      bucket: BUCKET,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    });
  })();
  return s3;
}

/** Points the documents module at the given backend for the following requests. */
export async function useBackend(backend: Backend): Promise<Storage> {
  const { platform } = await testApp();
  const s = backend === "local"
    ? (local ??= new LocalStorage(platform.config.LOCAL_STORAGE_PATH))
    : await s3rverStorage();
  useStorage(s);
  return s;
}

/** A test run once per storage backend. */
export function dtest(name: string, fn: (storage: Storage, backend: Backend) => Promise<void>) {
  for (const backend of BACKENDS) {
    itest(`documents [${backend}]: ${name}`, async () => {
      const s = await useBackend(backend);
      await fn(s, backend);
    });
  }
}

/** The object keys stored for a tenant. */
export async function tenantObjects(s: Storage, tenantId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of s.list()) if (o.key.startsWith(`${tenantId}/`)) keys.push(o.key);
  return keys;
}

/**
 * The tenant's objects once removal has settled: bytes of deleted rows are discarded after the
 * commit, without holding up the response, so a test waits (briefly) for that to finish.
 */
export async function settledObjects(s: Storage, tenantId: string, expected = 0) {
  let keys = await tenantObjects(s, tenantId);
  for (let i = 0; i < 40 && keys.length !== expected; i++) {
    await new Promise((r) => setTimeout(r, 50));
    keys = await tenantObjects(s, tenantId);
  }
  return keys;
}

/** A multipart body of the given files (name → content). */
export function form(files: [string, string | Uint8Array, string?][]): FormData {
  const fd = new FormData();
  for (const [name, content, type] of files) {
    fd.append("file", new File([content as BlobPart], name, { type: type ?? "" }));
  }
  return fd;
}

/**
 * A multipart body that sends `prefix` bytes of a file and then fails, as a client that
 * aborts mid-upload.
 */
export function interruptedBody(boundary: string, name: string, bytes: number) {
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= bytes) {
        controller.error(new Error("client went away"));
        return;
      }
      const chunk = new Uint8Array(Math.min(64 * 1024, bytes - sent)).fill(97);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

/** Uploads files as `who` (multipart) into a folder; returns the response. */
export async function upload(
  who: { token: string },
  files: [string, string | Uint8Array, string?][],
  folderId?: string,
): Promise<Response> {
  const { app } = await testApp();
  const q = folderId ? `?folderId=${folderId}` : "";
  return await app.request(`/api/documents/files/upload${q}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${who.token}` },
    body: form(files),
  });
}

/** Uploads one file and returns its JSON. */
export async function uploadOne(
  who: { token: string },
  name: string,
  content: string | Uint8Array = "content",
  folderId?: string,
) {
  const res = await upload(who, [[name, content]], folderId);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()).items[0];
}

export async function mkdir(who: Caller, name: string, parentId?: string) {
  const res = await who.call("POST", "/api/documents/folders", { name, parentId });
  if (res.status !== 201) throw new Error(`mkdir failed: ${res.status} ${await res.text()}`);
  return await res.json();
}

/** A page request as a browser with the session cookie (see tests/helpers.ts browse). */
export function browse(
  token: string,
  path: string,
  init: { method?: string; form?: Record<string, string | string[]>; htmx?: boolean } = {},
) {
  return browsePage(path, { token, ...init });
}
