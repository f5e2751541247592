/**
 * A small cluster for tests and bench/chaos.ts: web instances (`main.ts`) and workers
 * (`worker.ts`) as real child processes on one PostgreSQL, files in a real S3 server (s3rver).
 * Each child gets its own DATA_DIR, so anything they share goes through PostgreSQL or S3.
 */
import S3rver from "s3rver";

// The same polling helper the automation tests use.
import { waitFor } from "../automation/concurrency.fixtures.ts";
export { waitFor };

const ROOT = new URL("../../", import.meta.url).pathname;
/** Output kept per child for failure messages (its tail). */
const KEEP_CHARS = 16_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nobody listens on right now. */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = l.addr as Deno.NetAddr;
  l.close();
  return port;
}

export interface S3Server {
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver on 127.0.0.1 with one bucket; `env` is what an instance needs to use it. */
export async function startS3(bucket = "multi-instance"): Promise<S3Server> {
  const directory = await Deno.makeTempDir({ prefix: "multi-s3rver-" });
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE_MODE: "objstore",
      OBJ_BUCKET: bucket,
      OBJ_ENDPOINT: `http://127.0.0.1:${port}`,
      OBJ_ACCESS_KEY: "S3RVER",
      OBJ_SECRET_KEY: "S3RVER",
    },
    async close() {
      await server.close();
      await Deno.remove(directory, { recursive: true }).catch(() => {});
    },
  };
}

export type Role = "web" | "worker";

/** One child process of the cluster; `start` again after a kill brings it back (same port). */
export class Instance {
  child: Deno.ChildProcess | null = null;
  /** Started and answering (a load balancer's health check would say so). */
  ready = false;
  readonly port: number;
  readonly dataDir: string;
  #output = "";
  #drained: Promise<unknown> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly role: Role,
    private readonly env: Record<string, string>,
  ) {
    this.port = role === "web" ? freePort() : 0;
    this.dataDir = Deno.makeTempDirSync({ prefix: `multi-${name}-` });
  }

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The tail of what the process printed (for failure messages). */
  output() {
    return this.#output.slice(-4000);
  }

  /** Spawns the process and waits until it is ready: /readyz for web, the start line for a worker. */
  async start(timeoutMs = 90_000) {
    this.#output = "";
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", this.role === "web" ? "main.ts" : "worker.ts"],
      cwd: ROOT,
      env: {
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        // The worker says it started at info; web instances answer /readyz instead.
        LOG_LEVEL: this.role === "worker" ? "info" : "warn",
        NO_COLOR: "1",
        ...this.env,
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.child = child;
    const decoder = new TextDecoder();
    const keep = (stream: ReadableStream<Uint8Array>) =>
      stream.pipeTo(
        new WritableStream({
          write: (chunk) => {
            this.#output = (this.#output + decoder.decode(chunk)).slice(-KEEP_CHARS);
          },
        }),
      ).catch(() => {});
    this.#drained = Promise.all([keep(child.stdout), keep(child.stderr)]);
    let exited: Deno.CommandStatus | null = null;
    child.status.then((s) => exited = s);
    await waitFor(
      `${this.name} to be ready`,
      async () => {
        if (exited) {
          throw new Error(`${this.name} exited (${exited.code}) while starting:\n${this.output()}`);
        }
        if (this.role === "worker") return /worker started/.test(this.#output);
        const res = await fetch(`${this.base}/readyz`).catch(() => null);
        await res?.body?.cancel();
        return res?.status === 200;
      },
      timeoutMs,
      200,
    );
    this.ready = true;
  }

  /** kill -9, and waits until the process is gone. */
  async kill() {
    const child = this.child;
    if (!child) return;
    this.child = null;
    this.ready = false;
    try {
      child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
    await child.status;
    await this.#drained;
  }

  /** Kills the process (if running) and removes its data directory. */
  async dispose() {
    await this.kill();
    await Deno.remove(this.dataDir, { recursive: true }).catch(() => {});
  }
}

/** What every instance of one cluster shares: the database, S3, a short job lease. */
export function clusterEnv(s3: S3Server, extra: Record<string, string> = {}) {
  const databaseUrl = Deno.env.get("DATABASE_URL");
  if (!databaseUrl) throw new Error("a cluster needs DATABASE_URL (PostgreSQL)");
  return {
    DATABASE_URL: databaseUrl,
    ...s3.env,
    // A killed instance's claimed jobs come back to the others after this.
    JOB_LEASE_SECONDS: "3",
    // Used only if this database was never started before: keeps the bootstrap quiet.
    ADMIN_PASSWORD: crypto.randomUUID(),
    ...extra,
  };
}

/** Starts the instances side by side (each waits for readiness); kills all on failure. */
export async function startAll(instances: Instance[]) {
  try {
    await Promise.all(instances.map((i) => i.start()));
  } catch (err) {
    await Promise.all(instances.map((i) => i.kill()));
    throw err;
  }
}

/** A JSON API call against one instance. */
export async function api(
  base: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The JSON of a response with the expected status (else an error with the body). */
export async function expectJson(res: Response, status: number) {
  const text = await res.text();
  if (res.status !== status) {
    throw new Error(`${res.url}: expected ${status}, got ${res.status}: ${text.slice(0, 500)}`);
  }
  return text ? JSON.parse(text) : null;
}

/** Signs in over HTTP; the bearer token. */
export async function login(base: string, email: string, password: string, tenant: string) {
  const body = await expectJson(
    await api(base, null, "POST", "/api/auth/login", { email, password, tenant }),
    200,
  );
  return body.accessToken as string;
}

/** A server-sent event stream read until an event matches (or the deadline passes). */
export async function openEvents(base: string, token: string, path: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`stream: ${res.status} ${await res.text()}`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    async until(pattern: RegExp, ms = 10_000): Promise<string> {
      const deadline = Date.now() + ms;
      while (!pattern.test(buffer)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event matching ${pattern} in: ${buffer}`);
        let timer: ReturnType<typeof setTimeout> | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => timer = setTimeout(() => r(null), left)),
        ]);
        clearTimeout(timer);
        if (chunk === null) continue;
        if (chunk.done) throw new Error(`stream ended: ${buffer}`);
        buffer += chunk.value;
      }
      const text = buffer;
      buffer = "";
      return text;
    },
    async close() {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
}
