// Documents upload/download throughput and memory: a 1 GiB file through the real HTTP server,
// on both storage backends (local disk; objstore = s3rver on 127.0.0.1), next to a plain file
// copy of the same size on the same disk (copyFile and a streamed read+write, both printed).
// Only the app runs in this process: the HTTP client is `curl` (multipart upload of a file on
// disk, download to /dev/null) and s3rver runs in bench/s3rver.ts, each in its own process, so
// the RSS growth printed is the app's alone (Deno.memoryUsage().rss sampled every 20 ms).
// The machine's other load (s3rver, curl, a CI run) shares the CPUs: run it twice.
// Usage: deno run -A [--v8-flags=--expose-gc] bench/documents.ts [sizeMiB=1024]
//   BENCH_BACKEND=local|objstore runs one backend only.
import { newTenant, testApp } from "../tests/helpers.ts";
import { useBackend } from "../tests/documents/helpers.ts";
import { ObjectStorage } from "../modules/documents/storage/storage.s3.lib.ts";
import { useStorage } from "../modules/documents/storage/storage.lib.ts";

const MiB = 1024 * 1024;
const size = Number(Deno.args[0] ?? 1024) * MiB;
const CHUNK = 1 * MiB;

let peak = 0;
// With --v8-flags=--expose-gc the sampler also collects garbage every 200 ms, which separates
// memory really held (buffering) from garbage V8 has not collected yet.
const gc = (globalThis as { gc?: () => void }).gc;
let ticks = 0;
const sampler = setInterval(() => {
  if (gc && ++ticks % 10 === 0) gc();
  peak = Math.max(peak, Deno.memoryUsage().rss);
}, 20);
function resetPeak() {
  peak = Deno.memoryUsage().rss;
  return peak;
}

function payload(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(CHUNK).map((_, i) => i & 0xff);
  let sent = 0;
  return new ReadableStream({
    pull(c) {
      if (sent >= bytes) return c.close();
      const n = Math.min(CHUNK, bytes - sent);
      sent += n;
      c.enqueue(n === CHUNK ? chunk.slice() : chunk.slice(0, n));
    },
  });
}

/** Runs curl with the given arguments; returns its stdout (the response body or -w output). */
async function curl(args: string[]): Promise<string> {
  const out = await new Deno.Command("curl", {
    args: ["-sS", "--no-buffer", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`curl failed: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout);
}

const mbps = (bytes: number, ms: number) => (bytes / MiB / (ms / 1000)).toFixed(1);
const mib = (b: number) => (b / MiB).toFixed(0);

/** Writes the source file (kept for curl to upload) and times two plain copies of it. */
async function plainCopy(dir: string) {
  const src = `${dir}/bench-src.bin`;
  const file = await Deno.open(src, { write: true, create: true });
  await payload(size).pipeTo(file.writable);
  const started = performance.now();
  await Deno.copyFile(src, `${dir}/plain-dst.bin`);
  const ms = performance.now() - started;
  // Streamed copy (read + write through JS), the fairer peer of a streamed upload.
  const started2 = performance.now();
  const from = await Deno.open(src);
  const to = await Deno.open(`${dir}/plain-dst2.bin`, { write: true, create: true });
  await from.readable.pipeTo(to.writable);
  const ms2 = performance.now() - started2;
  for (const f of ["plain-dst.bin", "plain-dst2.bin"]) await Deno.remove(`${dir}/${f}`);
  return { src, copyFile: ms, streamCopy: ms2 };
}

const { app, platform } = await testApp();
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, app.fetch);
const base = `http://127.0.0.1:${server.addr.port}`;
const tenant = await newTenant();
await tenant.owner.call("PUT", "/api/documents/settings", {
  maxFileBytes: 8 * 1024 * MiB,
  quotaBytes: 64 * 1024 * MiB,
});

const plain = await plainCopy(platform.config.DATA_DIR);
console.log(`size ${mib(size)} MiB`);
console.log(
  `plain copy (same disk): copyFile ${mbps(size, plain.copyFile)} MB/s, ` +
    `streamed read+write ${mbps(size, plain.streamCopy)} MB/s`,
);

/** s3rver in a child process; resolves once it prints its port. */
async function startS3rver() {
  const directory = await Deno.makeTempDir({ prefix: "bench-s3rver-" });
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      `--config=${new URL("../deno.test.json", import.meta.url).pathname}`,
      "-A",
      new URL("./s3rver.ts", import.meta.url).pathname,
      directory,
      "bench",
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!/PORT (\d+)/.test(out)) {
    const { value, done } = await reader.read();
    if (done) throw new Error("s3rver exited before listening");
    out += value;
  }
  reader.releaseLock();
  child.stdout.cancel().catch(() => {});
  const port = Number(/PORT (\d+)/.exec(out)![1]);
  const storage = new ObjectStorage({
    bucket: "bench",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
  return {
    storage,
    async stop() {
      await child.stdin.close();
      await child.status;
      await Deno.remove(directory, { recursive: true }).catch(() => {});
    },
  };
}

const s3 = await startS3rver();
const only = Deno.env.get("BENCH_BACKEND");
for (const backend of ["local", "objstore"] as const) {
  if (only && only !== backend) continue;
  if (backend === "local") await useBackend("local");
  else useStorage(s3.storage);
  const before = resetPeak();
  let started = performance.now();
  // curl streams the file from disk as a multipart part named "file" ("Expect:" skips the
  // 100-continue round trip).
  const body = await curl([
    "-H",
    `Authorization: Bearer ${tenant.owner.token}`,
    "-H",
    "Expect:",
    "-F",
    `file=@${plain.src};filename=big-${backend}.bin;type=application/octet-stream`,
    "-w",
    "\n%{http_code}",
    `${base}/api/documents/files/upload`,
  ]);
  const upMs = performance.now() - started;
  const upPeak = peak;
  const status = body.slice(body.lastIndexOf("\n") + 1);
  if (status !== "201") throw new Error(`upload failed: ${body}`);
  const id = JSON.parse(body.slice(0, body.lastIndexOf("\n"))).items[0].id;

  const downBefore = resetPeak();
  started = performance.now();
  const got = Number(
    await curl([
      "-H",
      `Authorization: Bearer ${tenant.owner.token}`,
      "-o",
      "/dev/null",
      "-w",
      "%{size_download}",
      `${base}/api/documents/files/${id}/download`,
    ]),
  );
  const downMs = performance.now() - started;
  if (got !== size) throw new Error(`downloaded ${got} of ${size} bytes`);
  const downPeak = peak;
  console.log(
    `${backend.padEnd(8)} upload ${mbps(size, upMs)} MB/s (${
      ((size / upMs) / (size / plain.streamCopy) * 100).toFixed(0)
    }% of streamed copy, ${
      ((size / upMs) / (size / plain.copyFile) * 100).toFixed(0)
    }% of copyFile), download ${mbps(size, downMs)} MB/s; ` +
      `RSS before ${mib(before)} MiB, peak upload ${mib(upPeak)} MiB (+${
        mib(upPeak - before)
      }), peak download ${mib(downPeak)} MiB (+${mib(downPeak - downBefore)})`,
  );
  await tenant.owner.call("DELETE", `/api/documents/files/${id}`);
  await tenant.owner.call("DELETE", `/api/documents/trash/${id}`);
}

clearInterval(sampler);
await Deno.remove(plain.src);
await s3.stop();
await server.shutdown();
Deno.exit(0);
