/**
 * The app as an operator runs it: a separate process (a deno.json task or a `deno run` with
 * given flags), reached over HTTP. Used by the permission and edge-profile tests, which check
 * that the narrowed permissions are enough for the real thing, not for an in-process test app.
 */
import assert from "node:assert/strict";

export const ROOT = new URL("../../", import.meta.url);

/** A task's command line, exactly as deno.json has it. */
export async function taskLine(name: string): Promise<string> {
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  const line = config.tasks?.[name];
  assert.equal(typeof line, "string", `deno.json has no task ${name}`);
  return line;
}

export interface AppProcess {
  url: string;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  /** SIGTERM (the graceful path), SIGKILL after 15 s; resolves with the exit code. */
  stop(): Promise<number>;
}

/**
 * Starts `deno <args>` in the repository and waits for its `ready` log line ("listening" by
 * default; PORT=0: the port it got is read from that line). Rejects with the output when it
 * exits first.
 */
export async function startApp(
  args: string[],
  env: Record<string, string>,
  opts: { ready?: string; timeoutMs?: number } = {},
): Promise<AppProcess> {
  const { ready = "listening", timeoutMs = 180_000 } = opts;
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: { PORT: "0", HOST: "127.0.0.1", NO_COLOR: "1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  let listening: (url: string) => void;
  const url = new Promise<string>((resolve) => listening = resolve);
  const read = async (stream: ReadableStream<Uint8Array>) => {
    let line = "";
    const decoder = new TextDecoder();
    for await (const bytes of stream) {
      const text = decoder.decode(bytes, { stream: true });
      out += text;
      for (const ch of text) {
        if (ch !== "\n") {
          line += ch;
          continue;
        }
        if (line.includes(`"msg":"${ready}"`)) {
          listening(JSON.parse(line.slice(line.indexOf("{"))).url ?? "");
        }
        line = "";
      }
    }
  };
  const drained = Promise.all([read(child.stdout), read(child.stderr)]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const exited = child.status.then((s) => s.code);
  const first = await Promise.race([
    url,
    exited.then((code) => ({ code })),
    new Promise<"timeout">((r) => timer = setTimeout(() => r("timeout"), timeoutMs)),
  ]);
  clearTimeout(timer);
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
    const kill = setTimeout(() => {
      try {
        child.kill("SIGKILL");
      } catch { /* gone */ }
    }, 15_000);
    const code = await exited;
    clearTimeout(kill);
    await drained;
    return code;
  };
  if (typeof first !== "string" || first === "timeout") {
    const code = await stop();
    throw new Error(`app did not start (exit ${code}):\n${out}`);
  }
  return { url: first, output: () => out, stop };
}

/** Runs `deno <args>` in the repository to its end; returns its exit code and output. */
export async function runDeno(args: string[], env: Record<string, string>) {
  const done = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: { NO_COLOR: "1", ...env },
    stdin: "null",
  }).output();
  const text = new TextDecoder().decode(done.stdout) + new TextDecoder().decode(done.stderr);
  return { code: done.code, output: text };
}

export interface Owner {
  tenant: string;
  email: string;
  password: string;
}

/** A tenant made by `deno task tenant:create` (its narrowed permissions are tested too). */
export async function createTenantByTask(env: Record<string, string>): Promise<Owner> {
  const tenant = `perm-${crypto.randomUUID().slice(0, 8)}`;
  const owner = { tenant, email: `owner@${tenant}.test`, password: "permission-test-password" };
  const { code, output } = await runDeno([
    "task",
    "tenant:create",
    "--slug",
    tenant,
    "--owner-email",
    owner.email,
    "--owner-password",
    owner.password,
  ], env);
  assert.equal(code, 0, output);
  return owner;
}

/** Signs in; returns a function that calls the API as that user. */
export async function signIn(base: string, who: Owner) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: who.email, password: who.password, tenant: who.tenant }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  const auth = { Authorization: `Bearer ${body.accessToken}` };
  return async (method: string, path: string, payload?: unknown, status = 200) => {
    const isForm = payload instanceof FormData;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: isForm || payload === undefined
        ? auth
        : { ...auth, "Content-Type": "application/json" },
      body: isForm ? payload : payload === undefined ? undefined : JSON.stringify(payload),
    });
    const text = await res.text();
    assert.equal(res.status, status, `${method} ${path}: ${text}`);
    const type = res.headers.get("content-type") ?? "";
    return type.includes("json") ? JSON.parse(text) : text;
  };
}

export type Api = Awaited<ReturnType<typeof signIn>>;

/**
 * The API smoke of clients/typescript/smoke.ts over real HTTP: sign in, create a customer and a
 * ticket, upload a file and read its bytes back, list workflow tasks.
 */
export async function apiSmoke(base: string, who: Owner): Promise<Api> {
  const api = await signIn(base, who);
  const customer = await api("POST", "/api/support/customers", {
    name: "Acme Printing",
    kind: "person",
  }, 201);
  const ticket = await api("POST", "/api/support/support-ticket", {
    subject: "Printer on the second floor is offline",
    description: "It shows error E-42 since this morning.",
    customerId: customer.id,
  }, 201);
  assert.match(ticket.id, /^[0-9a-f-]{36}$/);
  const bytes = `hello from the permission test ${crypto.randomUUID()}`;
  const form = new FormData();
  form.append("file", new File([bytes], "hello.txt", { type: "text/plain" }));
  const { items: [file] } = await api("POST", "/api/documents/files/upload", form, 201);
  const id = file.id;
  assert.equal(await api("GET", `/api/documents/files/${id}/download`), bytes);
  const tasks = await api("GET", "/api/workflow/tasks?view=all&limit=10");
  assert.ok(Array.isArray(tasks.items));
  return api;
}
