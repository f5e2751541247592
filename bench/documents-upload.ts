// Documents uploads, 1 GiB each way against local storage through the real HTTP server: tus
// (resumable; one PATCH with curl, and tus-js-client in 32 MiB requests), the API's multipart
// upload and WebDAV PUT; then WebDAV GET against the API's download. curl runs in its own
// process (streams the file from disk, downloads to /dev/null); tus-js-client runs in this
// process beside the app, as a Node client would. A tus upload's time includes joining its parts
// into the file (a second pass over the bytes, hashed) before the last answer.
// Usage: deno run --config deno.test.json -A bench/documents-upload.ts [sizeMiB=1024]
// (DATABASE_URL for PostgreSQL; the embedded database otherwise.)
import { createReadStream } from "node:fs";
import * as tus from "tus-js-client";
import { newTenant, testApp } from "../tests/helpers.ts";
import { useBackend } from "../tests/documents/helpers.ts";

const MiB = 1024 * 1024;
const size = Number(Deno.args[0] ?? 1024) * MiB;

async function curl(args: string[]): Promise<string> {
  const out = await new Deno.Command("curl", {
    args: ["-sS", "--no-buffer", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`curl failed: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout);
}

const mbps = (ms: number) => size / MiB / (ms / 1000);
const b64 = (s: string) => btoa(s);

const { app, platform } = await testApp();
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, app.fetch);
const base = `http://127.0.0.1:${server.addr.port}`;
await useBackend("local");
const t = await newTenant();
await t.owner.call("PUT", "/api/documents/settings", {
  maxFileBytes: 8 * 1024 * MiB,
  quotaBytes: 64 * 1024 * MiB,
});
const made = await t.owner.call("POST", "/api/auth/tokens", {
  name: "bench",
  scopes: ["documents.file.read", "documents.file.write", "documents.folder.read"],
  expiresInDays: 7,
});
const token = (await made.json()).token as string;
const bearer = `Authorization: Bearer ${token}`;

const src = `${platform.config.DATA_DIR}/bench-upload.bin`;
{
  const file = await Deno.open(src, { write: true, create: true, truncate: true });
  const block = new Uint8Array(8 * MiB).map((_, i) => (i * 7) & 0xff);
  for (let at = 0; at < size; at += block.length) {
    await file.write(block.subarray(0, Math.min(block.length, size - at)));
  }
  file.close();
}

const results: { name: string; ms: number }[] = [];
async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await fn();
  results.push({ name, ms: performance.now() - started });
  console.log(`${name.padEnd(34)} ${mbps(results.at(-1)!.ms).toFixed(1).padStart(7)} MB/s`);
  return out;
}

// The API's multipart upload.
const multipart = await timed("API multipart upload", () =>
  curl([
    "-H",
    bearer,
    "-H",
    "Expect:",
    "-F",
    `file=@${src};filename=multipart.bin;type=application/octet-stream`,
    `${base}/api/documents/files/upload`,
  ]));
const apiFile = JSON.parse(multipart).items[0].id as string;

// WebDAV PUT (curl -T streams the file).
await timed("WebDAV PUT", () =>
  curl([
    "-u",
    `bench:${token}`,
    "-H",
    "Expect:",
    "-T",
    src,
    "-o",
    "/dev/null",
    `${base}/dav/${t.slug}/webdav.bin`,
  ]));

// tus with curl: create, then every byte in one PATCH (the protocol's cost, no client's).
await timed("tus, one PATCH (curl)", async () => {
  const head = await curl([
    "-i",
    "-X",
    "POST",
    "-H",
    bearer,
    "-H",
    "Tus-Resumable: 1.0.0",
    "-H",
    `Upload-Length: ${size}`,
    "-H",
    `Upload-Metadata: filename ${b64("tus-curl.bin")}`,
    `${base}/api/documents/uploads`,
  ]);
  const location = /^location: (\S+)/im.exec(head)![1];
  const out = await curl([
    "-X",
    "PATCH",
    "-H",
    bearer,
    "-H",
    "Expect:",
    "-H",
    "Tus-Resumable: 1.0.0",
    "-H",
    "Upload-Offset: 0",
    "-H",
    "Content-Type: application/offset+octet-stream",
    "-T",
    src,
    "-w",
    "%{http_code}",
    `${base}${location}`,
  ]);
  if (!out.endsWith("204")) throw new Error(`PATCH: ${out}`);
});

// tus-js-client as an application would use it: 32 MiB requests.
await timed("tus-js-client, 32 MiB requests", () =>
  new Promise<void>((resolve, reject) => {
    new tus.Upload(createReadStream(src), {
      endpoint: `${base}/api/documents/uploads`,
      chunkSize: 32 * MiB,
      headers: { Authorization: `Bearer ${token}` },
      metadata: { filename: "tus-client.bin" },
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  }));

// Downloads.
await timed(
  "API download",
  () => curl(["-H", bearer, "-o", "/dev/null", `${base}/api/documents/files/${apiFile}/download`]),
);
await timed(
  "WebDAV GET",
  () => curl(["-u", `bench:${token}`, "-o", "/dev/null", `${base}/dav/${t.slug}/webdav.bin`]),
);

const rate = Object.fromEntries(results.map((r) => [r.name, mbps(r.ms)]));
const ratio = (a: string, b: string) => (rate[a] / rate[b]).toFixed(2);
console.log(`\nsize ${size / MiB} MiB, local storage, ${platform.db.mode} database`);
console.log(
  `tus (one PATCH) / API multipart: ${ratio("tus, one PATCH (curl)", "API multipart upload")}`,
);
console.log(
  `tus-js-client / API multipart:   ${
    ratio("tus-js-client, 32 MiB requests", "API multipart upload")
  }`,
);
console.log(`WebDAV PUT / API multipart:      ${ratio("WebDAV PUT", "API multipart upload")}`);
console.log(`WebDAV GET / API download:       ${ratio("WebDAV GET", "API download")}`);

await Deno.remove(src);
await server.shutdown();
Deno.exit(0);
