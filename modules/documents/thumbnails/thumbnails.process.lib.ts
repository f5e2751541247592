/**
 * Runs thumbnails.render.lib.ts in a Deno subprocess of its own for one file: untrusted bytes are
 * decoded there, never in the app. The child may load its packages (read) and the canvas
 * library's native code (FFI), nothing else: no network, no writes, no subprocesses, an empty
 * environment. Limits: RLIMIT_DATA and RLIMIT_CPU through prlimit (when installed), a V8 heap
 * cap, and SIGKILL at the wall-time deadline. Bytes go in on stdin; one JSON line and the WebP
 * images come back on stdout.
 */
import {
  MAX_PIXELS,
  RENDER_DATA_LIMIT_BYTES,
  RENDER_TIMEOUT_MS,
  type ThumbKind,
  type ThumbReason,
} from "./thumbnails.rules.ts";

const RENDER = new URL("./thumbnails.render.lib.ts", import.meta.url).pathname;
const ROOT = new URL("../../../", import.meta.url).pathname;
/** The most a child may print (two WebP images and a line). */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;
const PRLIMIT = findPrlimit();

export type Rendered =
  | {
    ok: true;
    width: number;
    height: number;
    images: { width: number; height: number; bytes: Uint8Array }[];
  }
  | { ok: false; reason: ThumbReason; detail: string };

const path = (specifier: string) =>
  decodeURIComponent(new URL(import.meta.resolve(specifier)).pathname);

/**
 * Where the packages the child loads live: the project's node_modules (deno.json) or Deno's
 * npm cache (deno.test.json has no node_modules folder); the child runs with the same config.
 */
function packageSetup(): { config: string; read: string[] } {
  const canvas = path("@napi-rs/canvas");
  const pdfjs = path("pdfjs-dist/legacy/build/pdf.mjs");
  let common = 0;
  while (common < canvas.length && canvas[common] === pdfjs[common]) common++;
  const store = canvas.slice(0, canvas.lastIndexOf("/", common) + 1);
  const local = canvas.startsWith(`${ROOT}node_modules/`);
  return {
    config: `${ROOT}${local ? "deno.json" : "deno.test.json"}`,
    // /usr/bin/ldd: the canvas package reads it to tell glibc from musl.
    read: [store, "/usr/bin/ldd"],
  };
}

let setup: { config: string; read: string[] } | null = null;

function command(kind: ThumbKind, boxes: number[]): Deno.Command {
  setup ??= packageSetup();
  const args = [
    "run",
    "--quiet",
    "--no-prompt",
    "--cached-only",
    "--frozen",
    `--config=${setup.config}`,
    "--v8-flags=--max-old-space-size=384",
    "--allow-ffi",
    "--allow-env",
    `--allow-read=${setup.read.join(",")}`,
    RENDER,
    kind,
    String(MAX_PIXELS),
    ...boxes.map(String),
  ];
  const cpuSeconds = Math.ceil(RENDER_TIMEOUT_MS / 1000) * 2;
  const [program, allArgs] = PRLIMIT
    ? [PRLIMIT, [
      `--cpu=${cpuSeconds}`,
      `--data=${RENDER_DATA_LIMIT_BYTES}`,
      "--core=0",
      "--nofile=256",
      Deno.execPath(),
      ...args,
    ]]
    : [Deno.execPath(), args];
  const denoDir = Deno.env.get("DENO_DIR");
  return new Deno.Command(program, {
    args: allArgs,
    clearEnv: true,
    env: {
      NO_COLOR: "1",
      // The canvas package would otherwise scan the system's and the user's font folders.
      DISABLE_SYSTEM_FONTS_LOAD: "1",
      ...(denoDir ? { DENO_DIR: denoDir } : {}),
    },
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  });
}

async function readCapped(stream: ReadableStream<Uint8Array>, cap: number) {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const c of stream) {
    if (total < cap) chunks.push(c.subarray(0, cap - total));
    total += c.length;
  }
  const out = new Uint8Array(Math.min(total, cap));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { bytes: out, over: total > cap };
}

/** Renders one file's bytes into WebP images fitting each box; faults come back as a result. */
export async function renderThumbnails(
  bytes: Uint8Array,
  kind: ThumbKind,
  boxes: number[],
  opts: { timeoutMs?: number } = {},
): Promise<Rendered> {
  const timeoutMs = opts.timeoutMs ?? RENDER_TIMEOUT_MS;
  let child: Deno.ChildProcess;
  try {
    child = command(kind, boxes).spawn();
  } catch (err) {
    return { ok: false, reason: "error", detail: `could not start the decoder: ${err}` };
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  }, timeoutMs);
  const writing = (async () => {
    const w = child.stdin.getWriter();
    try {
      await w.write(bytes);
      await w.close();
    } catch {
      // The child stopped reading (it died or refused): its status says why.
    }
  })();
  try {
    const [out, err, status] = await Promise.all([
      readCapped(child.stdout, MAX_OUTPUT_BYTES),
      readCapped(child.stderr, 16 * 1024),
      child.status,
      writing,
    ]);
    if (timedOut) return { ok: false, reason: "timeout", detail: `stopped after ${timeoutMs} ms` };
    const nl = out.bytes.indexOf(10);
    if (out.over || nl < 0 || !status.success) {
      const tail = new TextDecoder().decode(err.bytes).trim().split("\n").at(-1) ?? "";
      const how = status.signal ? `killed (${status.signal})` : `exit code ${status.code}`;
      // A decoder that ran out of its memory or CPU allowance: the file is too much for it.
      const limit = status.signal === "SIGXCPU" || status.signal === "SIGKILL" ||
        /memory|allocat/i.test(tail);
      return {
        ok: false,
        reason: limit ? "too-large" : "corrupt",
        detail: `the decoder stopped: ${how}${tail ? `: ${tail}` : ""}`.slice(0, 300),
      };
    }
    const head = JSON.parse(new TextDecoder().decode(out.bytes.subarray(0, nl)));
    if (!head.ok) return { ok: false, reason: head.reason, detail: String(head.detail) };
    let at = nl + 1;
    const images = (head.images as { width: number; height: number }[]).map((im, i) => {
      const size = head.sizes[i] as number;
      const slice = out.bytes.slice(at, at + size);
      at += size;
      return { width: im.width, height: im.height, bytes: slice };
    });
    if (at !== out.bytes.length) {
      return { ok: false, reason: "error", detail: "the decoder's output was cut" };
    }
    return { ok: true, width: head.width, height: head.height, images };
  } finally {
    clearTimeout(timer);
  }
}

function findPrlimit(): string | null {
  for (const p of ["/usr/bin/prlimit", "/bin/prlimit"]) {
    try {
      if (Deno.statSync(p).isFile) return p;
    } catch {
      // Not here (or not readable under this process's permissions).
    }
  }
  return null;
}
