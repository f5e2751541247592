/**
 * The sandbox's main module: started by sandbox.lib.ts as `deno run <flags> runner.service.ts` inside a fresh
 * process with no read/write/run/ffi/sys permission. It loads the agent's code from a `data:` URL
 * and talks to the parent over newline-delimited JSON.
 *
 * Protocol. stdin (parent -> runner): first `{type:"start", nonce, code, config, input, env,
 * softDeadlineMs, checkOnly}`, then `{type:"reply", id, result | error}` for each platform call.
 * stdout (runner -> parent): lines `<nonce><json>` with `{type:"log"|"call"|"result"|"error"}`.
 *
 * Why a nonce on stdout: agent code can write raw bytes with `Deno.stdout.write`, so stdout is
 * shared with untrusted output. The nonce is random per run and arrives on stdin before the
 * agent's module is even loaded; it lives only in this module's scope. Bytes without it are the
 * agent's own output (shown as stdout text). And if an agent did learn it, a forged message gives
 * it nothing it has not already: it can log, call the platform (the parent checks every call
 * against the agent's grants) and return a result through ctx anyway. The parent treats every
 * message as untrusted input and caps sizes. The built-ins this module relies on are captured
 * before the agent's code runs, so patching JSON or TextEncoder later cannot redirect them.
 *
 * The runner exits when stdin closes: a parent that dies takes its sandboxes with it (a busy
 * loop never reads stdin; the parent's SIGKILL and the CPU rlimit cover that case).
 */

// Captured before any agent code runs (see above).
const stringify = JSON.stringify;
const parse = JSON.parse;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const stdout = Deno.stdout;
const writeOut = stdout.write.bind(stdout);
const inspect = Deno.inspect;
const exit: (code?: number) => never = Deno.exit;
const getEnv = Deno.env.get.bind(Deno.env);

const MAX_RESULT_BYTES = 1024 * 1024;
const MAX_CALL_BYTES = 1024 * 1024;
const MAX_LOG_TEXT = 16 * 1024;

interface Start {
  type: "start";
  nonce: string;
  code: string;
  config: unknown;
  input: unknown;
  env: string[];
  softDeadlineMs: number;
  /** checkCode: load the module and check its default export, run nothing. */
  checkOnly: boolean;
}
interface Reply {
  type: "reply";
  id: number;
  result?: unknown;
  error?: string;
}

let nonce = "";
// Writes are queued so that protocol lines never interleave.
let writing: Promise<unknown> = Promise.resolve();
function send(message: Record<string, unknown>): Promise<unknown> {
  const bytes = encoder.encode(nonce + stringify(message) + "\n");
  writing = writing.then(async () => {
    let offset = 0;
    while (offset < bytes.length) offset += await writeOut(bytes.subarray(offset));
  });
  return writing;
}

function format(args: unknown[]): string {
  const text = args.map((a) => typeof a === "string" ? a : inspect(a, { colors: false })).join(
    " ",
  );
  return text.length > MAX_LOG_TEXT ? text.slice(0, MAX_LOG_TEXT) + "…" : text;
}
type Level = "info" | "warn" | "error";
const logAt = (level: Level) => (...args: unknown[]) => {
  void send({ type: "log", level, text: format(args) });
};

// Lines from stdin; the first is the start message, the rest are replies.
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
const lines = readLines(Deno.stdin.readable);

async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let buffer = "";
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      yield buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
    }
  }
}

async function dispatchReplies() {
  for await (const line of lines) {
    const reply = parse(line) as Reply;
    const waiter = pending.get(reply.id);
    if (!waiter) continue;
    pending.delete(reply.id);
    if (reply.error !== undefined) waiter.reject(new Error(reply.error));
    else waiter.resolve(reply.result);
  }
  // stdin closed: the parent is gone or done with us.
  exit(0);
}

let nextCall = 1;
function call(op: string, input: unknown): Promise<unknown> {
  if (typeof op !== "string") return Promise.reject(new TypeError("op must be a string"));
  const id = nextCall++;
  let body: string;
  try {
    body = stringify(input ?? null);
  } catch (err) {
    return Promise.reject(new TypeError(`call input is not JSON: ${(err as Error).message}`));
  }
  if (body.length > MAX_CALL_BYTES) {
    return Promise.reject(new RangeError(`call input larger than ${MAX_CALL_BYTES} bytes`));
  }
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    void send({ type: "call", id, op, input: parse(body) });
  });
}

async function finish(message: Record<string, unknown>): Promise<never> {
  await send(message);
  exit(0);
}

function describe(err: unknown): { message: string; stack?: string } {
  if (err instanceof Error) return { message: `${err.name}: ${err.message}`, stack: err.stack };
  return { message: `Uncaught ${format([err])}` };
}

async function main() {
  const first = await lines.next();
  if (first.done) exit(0);
  const start = parse(first.value) as Start;
  nonce = start.nonce;
  void dispatchReplies();

  const log = { info: logAt("info"), warn: logAt("warn"), error: logAt("error") };
  const console = globalThis.console;
  console.log =
    console.info =
    console.debug =
    console.trace =
      log.info;
  console.warn = log.warn;
  console.error = log.error;
  // Threads of its own would escape the heap limit (each Worker has its own heap); memory and
  // deadline still bound them if an agent finds the constructor elsewhere (node:worker_threads).
  delete (globalThis as { Worker?: unknown }).Worker;

  // Uncaught errors in timers and forgotten promises fail the run with their message.
  globalThis.addEventListener("error", (event) => {
    event.preventDefault();
    void finish({ type: "error", ...describe(event.error) });
  });
  globalThis.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    void finish({ type: "error", ...describe(event.reason) });
  });

  const env: Record<string, string> = {};
  for (const name of start.env) {
    const value = getEnv(name);
    if (value !== undefined) env[name] = value;
  }
  const controller = new AbortController();
  if (start.softDeadlineMs > 0) {
    setTimeout(() => controller.abort(new Error("deadline")), start.softDeadlineMs);
  }

  let agent: { default?: unknown };
  try {
    agent = await import(
      "data:application/typescript;base64," + bytesToBase64(encoder.encode(start.code))
    );
  } catch (err) {
    return finish({ type: "error", phase: "load", ...describe(err) });
  }
  if (typeof agent.default !== "function") {
    return finish({
      type: "error",
      phase: "load",
      message: "the module has no default export function",
    });
  }
  if (start.checkOnly) return finish({ type: "result", value: null });

  const ctx = Object.freeze({
    config: start.config,
    input: start.input,
    env: Object.freeze(env),
    log: Object.freeze(log),
    platform: Object.freeze({ call }),
    signal: controller.signal,
  });
  let value: unknown;
  try {
    value = await (agent.default as (ctx: unknown) => unknown)(ctx);
  } catch (err) {
    return finish({ type: "error", ...describe(err) });
  }
  let body: string | undefined;
  try {
    body = stringify(value);
  } catch (err) {
    return finish({
      type: "error",
      message: `the result is not JSON-serialisable: ${(err as Error).message}`,
    });
  }
  if (body !== undefined && body.length > MAX_RESULT_BYTES) {
    return finish({
      type: "error",
      message: `the result is larger than ${MAX_RESULT_BYTES} bytes`,
    });
  }
  return finish({ type: "result", value: body === undefined ? null : parse(body) });
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

await main();
