/**
 * Runs a tenant's agent code in a Deno subprocess of its own (see runner.service.ts for the protocol).
 *
 * One process per run, not a warm process per tenant. Measured on the development machine
 * (2 cores, load average ~5 from parallel test suites, 30 runs): a bare `deno run` of a one-line
 * file takes p50 91 / p95 124 ms, a trivial agent from spawn to result p50 129 / p95 190 ms; one
 * sandbox peaks at 22-38 MB RSS (VmHWM). On an idle machine Deno starts in about 35 ms. Against
 * that, a warm process would have to be reset between runs (globals an agent changed, timers it
 * left, memory it kept) and would have to hold the union of the permissions of all a tenant's
 * agents, while agents of one tenant declare different variables and a process's
 * `--allow-env`/`--allow-net` are fixed at start. Per run keeps every agent with exactly its own
 * grants and makes "kill the process" the whole clean-up. Runs last seconds to minutes, so the
 * start-up cost does not matter.
 *
 * Limits: heap by `--max-old-space-size`; the whole process (ArrayBuffers, stray threads) by a
 * watchdog on /proc/<pid>/status; wall time by SIGKILL at the deadline; CPU time by RLIMIT_CPU
 * (prlimit, when installed) so that a busy loop orphaned by a crashed host still dies; stdin
 * closing ends the runner otherwise.
 *
 * Known gap: `--deny-net` takes single IPv6 addresses, not ranges, so an allowlisted *name* whose
 * AAAA record points into a private IPv6 range (fc00::/7, fe80::/10) is not refused by ranges.
 * Literal private IPv6 addresses are refused by checkAllowlistEntry; names are looked up before
 * each run and their private AAAA addresses denied one by one (privateIpv6Of), which a name that
 * changes its records in between (DNS rebinding) still slips past. `*.example.com` entries cannot
 * be looked up. IPv4 is fully covered by ranges checked on the resolved address.
 */
import { agentError, cleanText, isOutOfMemory } from "./errors.lib.ts";
import { LogCollector, type LogLine, readLines } from "./output.lib.ts";
import { log as serverLog } from "../../../shared/log.ts";
import { allowNetEntries, checkEnvName, DENIED_NETWORKS, privateIpv6Of } from "./policy.lib.ts";

export type { LogLine } from "./output.lib.ts";
export { checkAllowlistEntry, checkEnvName, DENIED_NETWORKS } from "./policy.lib.ts";

export interface SandboxRequest {
  /** For logs and counters; one process never serves two tenants (or two runs). */
  tenantId: string;
  /** ES module source (TypeScript allowed): `export default async (ctx) => result`. */
  code: string;
  config: unknown;
  input: unknown;
  /** The agent's declared variables only (names ^[A-Z_][A-Z0-9_]*$, not reserved ones). */
  env: Record<string, string>;
  /** The tenant's outbound hosts: "api.example.com", "*.example.com", "host:8443". */
  allowlist: string[];
  memoryMb: number;
  timeoutMs: number;
  logCapBytes: number;
  /** Abort = cancel: the process is killed and the run is "cancelled". */
  signal?: AbortSignal;
  /** Each line of output as it arrives. */
  onLog?: (line: LogLine) => void;
  /** ctx.platform.call relay; a throw rejects the call in the sandbox with its message. */
  onCall?: (op: string, input: unknown) => Promise<unknown>;
}

export interface SandboxResult {
  status: "succeeded" | "failed" | "timed_out" | "cancelled";
  result?: unknown;
  error?: string;
  log: string;
  logTruncated: boolean;
  durationMs: number;
  exitCode: number | null;
  peakRssBytes?: number;
}

const RUNNER = new URL("./runner.service.ts", import.meta.url).pathname;
/** Room above the V8 heap for Deno itself (~45 MB), young generation and buffers. */
const RSS_OVERHEAD_MB = 160;
const WATCH_MS = 50;
/** How long a process that sent its result may take to exit by itself. */
const EXIT_GRACE_MS = 1000;
const MAX_CALLS = 1000;
const PRLIMIT = findPrlimit();

const running = new Map<string, number>();
/** Sandboxes running in this process, per tenant (for the system status page). */
export function sandboxLoad(): { total: number; byTenant: Record<string, number> } {
  let total = 0;
  for (const n of running.values()) total += n;
  return { total, byTenant: Object.fromEntries(running) };
}

/** Runs the agent; agent faults come back as a result, never as a throw. */
export async function runInSandbox(req: SandboxRequest): Promise<SandboxResult> {
  const log = new LogCollector(req.logCapBytes, req.onLog);
  const fail = (error: string, status: SandboxResult["status"] = "failed"): SandboxResult => ({
    status,
    error,
    log: log.text,
    logTruncated: log.truncated,
    durationMs: 0,
    exitCode: null,
  });
  if (req.signal?.aborted) return fail("cancelled before it started", "cancelled");
  for (const name of Object.keys(req.env)) {
    const reason = checkEnvName(name);
    if (reason) return fail(`environment variable ${name}: ${reason}`);
  }
  const { allowed, refused } = allowNetEntries(req.allowlist);
  for (const { entry, reason } of refused) {
    log.add("log", "warn", `outbound host "${entry}" ignored: ${reason}`);
  }
  running.set(req.tenantId, (running.get(req.tenantId) ?? 0) + 1);
  try {
    const extraDeny = await privateIpv6Of(allowed);
    return await new SandboxProcess(req, log, allowed, false, extraDeny).run();
  } finally {
    const left = (running.get(req.tenantId) ?? 1) - 1;
    if (left > 0) running.set(req.tenantId, left);
    else running.delete(req.tenantId);
  }
}

/**
 * Loads the module in a sandbox without calling it: syntax and type-stripping errors, imports
 * that cannot load, a missing default export function. Top-level statements do run (that is
 * what loading a module means), with no network and no variables.
 */
export async function checkCode(
  code: string,
  opts: { timeoutMs?: number } = {},
): Promise<{ ok: true } | { ok: false; error: string }> {
  // An instance that may not start Deno (the edge profile) has no sandbox: say so, blame no code.
  if (Deno.permissions.querySync({ name: "run", command: Deno.execPath() }).state !== "granted") {
    throw new Error("no sandbox on this instance (no run permission for the Deno binary)");
  }
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const log = new LogCollector(16 * 1024);
  const result = await new SandboxProcess(
    {
      tenantId: "check",
      code,
      config: null,
      input: null,
      env: {},
      allowlist: [],
      memoryMb: 128,
      timeoutMs,
      logCapBytes: 16 * 1024,
    },
    log,
    [],
    true,
  ).run();
  if (result.status === "succeeded") return { ok: true };
  if (result.status === "timed_out") {
    return { ok: false, error: `loading the code took longer than ${timeoutMs} ms` };
  }
  return { ok: false, error: result.error ?? "the code could not be loaded" };
}

type Outcome =
  | { kind: "result"; value: unknown }
  | { kind: "error"; message: string; stack?: string };
type StopReason = "timeout" | "cancel" | "memory" | "done";

/** One run: spawn, feed, watch, kill. */
class SandboxProcess {
  #nonce = crypto.randomUUID().replaceAll("-", "") + ":";
  #child: Deno.ChildProcess | null = null;
  #stdin: WritableStreamDefaultWriter<Uint8Array> | null = null;
  #writes: Promise<unknown> = Promise.resolve();
  #calls: Promise<unknown> = Promise.resolve();
  #callCount = 0;
  #outcome: Outcome | null = null;
  #stopped: StopReason | null = null;
  #stderrTail: string[] = [];
  #peakRss = 0;
  #ticks = 0;
  #grace: ReturnType<typeof setTimeout> | undefined;
  #encoder = new TextEncoder();

  constructor(
    private readonly req: SandboxRequest,
    private readonly log: LogCollector,
    private readonly allowNet: string[],
    private readonly checkOnly: boolean,
    private readonly extraDeny: string[] = [],
  ) {}

  #command(): Deno.Command {
    const { req } = this;
    const names = Object.keys(req.env);
    const args = [
      "run",
      "--no-prompt",
      "--no-remote",
      "--no-npm",
      "--no-config",
      "--no-lock",
      `--v8-flags=--max-old-space-size=${Math.max(16, Math.floor(req.memoryMb))}`,
      ...(names.length ? [`--allow-env=${names.join(",")}`] : []),
      ...(this.allowNet.length ? [`--allow-net=${this.allowNet.join(",")}`] : []),
      `--deny-net=${[...DENIED_NETWORKS, ...this.extraDeny].join(",")}`,
      RUNNER,
    ];
    // CPU seconds: twice the wall deadline (Deno's own threads count too), then the kernel kills.
    const cpuSeconds = Math.ceil(req.timeoutMs / 1000) * 2 + 5;
    const [program, allArgs] = PRLIMIT
      ? [PRLIMIT, [`--cpu=${cpuSeconds}`, "--core=0", "--nofile=512", Deno.execPath(), ...args]]
      : [Deno.execPath(), args];
    return new Deno.Command(program, {
      args: allArgs,
      clearEnv: true,
      // NO_COLOR keeps ANSI codes out of error messages; the agent cannot read it (no --allow-env).
      env: { ...req.env, NO_COLOR: "1" },
      cwd: "/",
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    });
  }

  async run(): Promise<SandboxResult> {
    const { req } = this;
    const began = performance.now();
    try {
      this.#child = this.#command().spawn();
    } catch (err) {
      return this.#result("failed", began, null, `could not start the sandbox: ${err}`);
    }
    const child = this.#child;
    this.#stdin = child.stdin.getWriter();
    const deadline = setTimeout(() => this.#stop("timeout"), req.timeoutMs);
    const onAbort = () => this.#stop("cancel");
    req.signal?.addEventListener("abort", onAbort);
    const watch = setInterval(() => void this.#watchMemory(), WATCH_MS);

    this.#send({
      type: "start",
      nonce: this.#nonce,
      code: req.code,
      config: req.config ?? null,
      input: req.input ?? null,
      env: Object.keys(req.env),
      // Lets the agent wind down (ctx.signal) shortly before the kill.
      softDeadlineMs: Math.max(0, req.timeoutMs - Math.min(1000, req.timeoutMs / 10)),
      checkOnly: this.checkOnly,
    });
    const readers = Promise.all([
      readLines(child.stdout, (line) => this.#onStdout(line)),
      readLines(child.stderr, (line) => this.#onStderr(line)),
    ]).catch(() => {});
    const status = await child.status;
    await readers;
    clearTimeout(deadline);
    clearTimeout(this.#grace);
    clearInterval(watch);
    req.signal?.removeEventListener("abort", onAbort);
    await this.#stdin.close().catch(() => {});
    return this.#classify(status, began);
  }

  #classify(status: Deno.CommandStatus, began: number): SandboxResult {
    const outcome = this.#outcome;
    const code = status.signal ? null : status.code;
    if (outcome?.kind === "result") {
      return { ...this.#result("succeeded", began, code), result: outcome.value };
    }
    if (this.#stopped === "timeout") {
      return this.#result("timed_out", began, code, `timed out after ${this.req.timeoutMs} ms`);
    }
    if (this.#stopped === "cancel") return this.#result("cancelled", began, code, "cancelled");
    const tail = this.#stderrTail.join("\n");
    if (this.#stopped === "memory" || isOutOfMemory(code, status.signal, tail)) {
      return this.#result("failed", began, code, `memory limit (${this.req.memoryMb} MB) reached`);
    }
    if (outcome?.kind === "error") {
      return this.#result("failed", began, code, agentError(outcome.message, outcome.stack));
    }
    if (status.signal === "SIGXCPU" || (status.signal === "SIGKILL" && PRLIMIT)) {
      return this.#result("failed", began, code, "CPU time limit reached");
    }
    const last = this.#stderrTail.filter((l) => l.trim()).at(-1);
    const how = status.signal ? `was killed (${status.signal})` : `exited with code ${code}`;
    return this.#result(
      "failed",
      began,
      code,
      `the agent ${how} without a result${last ? `: ${cleanText(last)}` : ""}`,
    );
  }

  #result(
    status: SandboxResult["status"],
    began: number,
    exitCode: number | null,
    error?: string,
  ): SandboxResult {
    return {
      status,
      ...(error !== undefined ? { error } : {}),
      log: this.log.text,
      logTruncated: this.log.truncated,
      durationMs: Math.round(performance.now() - began),
      exitCode,
      ...(this.#peakRss ? { peakRssBytes: this.#peakRss } : {}),
    };
  }

  #stop(reason: StopReason) {
    if (this.#stopped) return;
    this.#stopped = reason;
    try {
      this.#child?.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  }

  async #watchMemory() {
    const pid = this.#child?.pid;
    if (!pid || this.#stopped) return;
    const memory = await processMemory(pid, this.#ticks++);
    if (!memory) return; // Exited, or not Linux: the heap limit and the deadline still hold.
    this.#peakRss = Math.max(this.#peakRss, memory.peakKb * 1024);
    if (memory.rssKb > (this.req.memoryMb + RSS_OVERHEAD_MB) * 1024) this.#stop("memory");
  }

  #send(message: Record<string, unknown>) {
    const writer = this.#stdin;
    if (!writer) return;
    const bytes = this.#encoder.encode(JSON.stringify(message) + "\n");
    // A process that died leaves a broken pipe: nothing to tell it any more.
    this.#writes = this.#writes.then(() => writer.write(bytes)).catch(() => {});
  }

  #onStderr(line: string) {
    this.#stderrTail.push(line);
    if (this.#stderrTail.length > 20) this.#stderrTail.shift();
    this.log.add("stderr", "error", cleanText(line));
  }

  #onStdout(line: string) {
    const at = line.indexOf(this.#nonce);
    if (at < 0) return this.log.add("stdout", "info", line);
    if (at > 0) this.log.add("stdout", "info", line.slice(0, at));
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line.slice(at + this.#nonce.length));
    } catch {
      return; // Cut at MAX_LINE_CHARS, or not ours.
    }
    this.#onMessage(message);
  }

  #onMessage(message: Record<string, unknown>) {
    switch (message.type) {
      case "log": {
        const level = message.level === "warn" || message.level === "error"
          ? message.level
          : "info";
        this.log.add("log", level, cleanText(String(message.text ?? "")));
        break;
      }
      case "call":
        this.#calls = this.#calls.then(() => this.#call(message.id, message.op, message.input));
        break;
      case "result":
      case "error":
        if (this.#outcome) break;
        this.#outcome = message.type === "result"
          ? { kind: "result", value: message.value ?? null }
          : {
            kind: "error",
            message: String(message.message ?? "error"),
            stack: typeof message.stack === "string" ? message.stack : undefined,
          };
        // The runner exits by itself; one that lingers (a stuck write) is killed.
        this.#grace = setTimeout(() => this.#stop("done"), EXIT_GRACE_MS);
        break;
    }
  }

  /** One ctx.platform.call at a time: each is a transaction of its own on the host. */
  async #call(id: unknown, op: unknown, input: unknown) {
    if (typeof id !== "number" || this.#outcome || this.#stopped) return;
    let reply: Record<string, unknown>;
    if (++this.#callCount > MAX_CALLS) {
      reply = { error: `more than ${MAX_CALLS} platform calls in one run` };
    } else if (!this.req.onCall || typeof op !== "string") {
      reply = { error: `platform operation ${String(op)} is not available here` };
    } else {
      try {
        const result = await this.req.onCall(op, input);
        reply = { result: JSON.parse(JSON.stringify(result ?? null)) };
      } catch (err) {
        reply = { error: err instanceof Error ? err.message : String(err) };
      }
    }
    this.#send({ type: "reply", id, ...reply });
  }
}

/** Every how many watch ticks `ps` is asked, when /proc cannot be read (a process per ask). */
const PS_EVERY_TICKS = 5;

/**
 * A sandbox's resident and peak memory in KiB. Deno lets a process read /proc only with
 * --allow-all, so under the start task's narrowed flags (docs/operations.md, "Permissions") the figures come
 * from `ps` (allowed to run for this) every few ticks instead; without either the watchdog is
 * off, said once.
 */
async function processMemory(
  pid: number,
  tick: number,
): Promise<{ rssKb: number; peakKb: number } | null> {
  try {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
    return { rssKb: kb("VmRSS"), peakKb: kb("VmHWM") };
  } catch (err) {
    if (!(err instanceof Deno.errors.NotCapable)) return null;
  }
  if (Deno.permissions.querySync({ name: "run", command: "ps" }).state !== "granted") {
    warnNoWatchdog();
    return null;
  }
  if (tick % PS_EVERY_TICKS) return null;
  const out = await new Deno.Command("ps", {
    args: ["-o", "rss=", "-p", String(pid)],
    stdout: "piped",
    stderr: "null",
  }).output().catch(() => null);
  const rssKb = Number(new TextDecoder().decode(out?.stdout).trim());
  return rssKb > 0 ? { rssKb, peakKb: rssKb } : null;
}

let warnedNoWatchdog = false;
function warnNoWatchdog() {
  if (warnedNoWatchdog) return;
  warnedNoWatchdog = true;
  serverLog.warn("sandbox memory watchdog off: neither /proc nor ps may be read", {
    kept: "heap limit, CPU limit (prlimit), wall-time deadline",
  });
}

function findPrlimit(): string | null {
  for (const path of ["/usr/bin/prlimit", "/bin/prlimit"]) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // Not here.
    }
  }
  return null;
}
