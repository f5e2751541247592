/**
 * `deno task test [--jobs=N] [deno test arguments]`.
 *
 * With no deno test argument, every test: the files are spread over N slots (default: the
 * number of cores plus one), each a `deno test` process of its own running a batch of files one
 * after another, so every core is busy and no two slots share a process (sandbox children,
 * timers) or a database. Without DATABASE_URL every file runs on the embedded database; with it every
 * file runs on PostgreSQL (each slot on its own copy of a freshly migrated template) and the
 * files of scripts/test-run/embedded-set.ts also run on the embedded database. The end prints
 * the 25 slowest files, the wall time of each phase and "mode: N passed, N failed" lines.
 *
 * With arguments (`deno task test tests/support/`): one `deno test` with them, as before.
 *
 * Permissions: the server's (docs/operations.md, "Permissions") widened only by what the tests themselves
 * do: the temporary directory (each test's data directory, uploads, Chromium's profile); Deno's
 * npm cache (deno.test.json resolves packages there); Chromium (browser tests); all of
 * `--allow-sys` (playwright and the SMTP sink ask for more than the server's three names);
 * `deno` processes started by tests get their own flags (the start task's, or `-A` for scripts
 * under test).
 */
import { EMBEDDED_SET } from "./test-run/embedded-set.ts";
import { type Job, nextBatch, plan, readTimes, testFiles, writeTimes } from "./test-run/plan.ts";
import {
  addCounts,
  type Counts,
  countsLine,
  type FileResult,
  type Mode,
  parseCounts,
  parseFiles,
  slowestTable,
} from "./test-run/report.ts";

const deno = Deno.execPath();
const info = await new Deno.Command(deno, { args: ["info", "--json"], stderr: "inherit" }).output();
const { npmCache } = JSON.parse(new TextDecoder().decode(info.stdout)) as { npmCache: string };
const tmp = Deno.env.get("TMPDIR") || "/tmp";
const chromium = Deno.env.get("CHROMIUM_PATH") || "/usr/bin/chromium";
// The mailbox tests' private IMAP server (tests/support/imap.ts).
const dovecot = Deno.env.get("DOVECOT_PATH") || "/usr/sbin/dovecot";
const prlimit = "/usr/bin/prlimit,/bin/prlimit";
// The WebDAV clients of tests/documents/webdav.test.ts.
const davClients = "/usr/bin/litmus,/usr/bin/rclone";

const flags = [
  "--config=deno.test.json",
  "--frozen",
  "--no-prompt",
  "--allow-net",
  "--allow-env",
  "--allow-sys",
  `--allow-read=.,${tmp},${npmCache},${chromium},${prlimit},${dovecot},${davClients}`,
  `--allow-write=./data,${tmp}`,
  `--allow-run=${deno},prlimit,ps,${chromium},${dovecot},${davClients}`,
  "--v8-flags=--expose-gc",
];
// playwright-core asks at import whether it runs under WSL, probing /proc, which Deno opens only
// under --allow-all. is-wsl's own test switch skips the probe; playwright's helper that opens
// URLs in a desktop browser would then assume WSL, and the tests never call it.
const baseEnv = { __IS_WSL_TEST__: "1" };

const jobsArg = Deno.args.find((a) => a.startsWith("--jobs="));
const denoArgs = Deno.args.filter((a) => a !== jobsArg);
// One slot more than cores: a test process spends much of its time waiting on PostgreSQL, the
// browser or a job it started, so with one process per core a core sits idle (measured on two
// cores: the suite used about half of them).
const slots = Math.max(1, Number(jobsArg?.slice(7) ?? (navigator.hardwareConcurrency ?? 2) + 1));

if (denoArgs.length) {
  const child = new Deno.Command(deno, { args: ["test", ...flags, ...denoArgs], env: baseEnv })
    .spawn();
  Deno.exit((await child.status).code);
}

const phases: [string, number][] = [];
async function phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    phases.push([name, (performance.now() - started) / 1000]);
  }
}

const decode = (b: Uint8Array) => new TextDecoder().decode(b);
const databaseUrl = Deno.env.get("DATABASE_URL") ?? "";
const all = await testFiles();

// Type-checked once here; the batches then start with --no-check. The same roots as
// `deno task check`, so after it (CI) deno's check cache answers at once.
await phase("type check", async () => {
  const out = await new Deno.Command(deno, {
    args: [
      "check",
      "--config=deno.test.json",
      "--frozen",
      "--quiet",
      "scripts/",
      "tests/",
      "bench/",
    ],
  }).output();
  if (!out.success) {
    console.error(decode(out.stderr));
    Deno.exit(1);
  }
});

// The embedded template goes under ./data, which the runner and the tests may write.
const workDir = "data/test-run";
await Deno.mkdir(workDir, { recursive: true });
const prepared = await phase("prepare databases", async () => {
  const out = await new Deno.Command(deno, {
    args: ["run", ...flags, "scripts/test-run/prepare.ts", workDir, String(slots)],
    env: baseEnv,
  }).output();
  if (!out.success) {
    console.error(decode(out.stdout), decode(out.stderr));
    Deno.exit(1);
  }
  const last = decode(out.stdout).trim().split("\n").at(-1)!;
  return JSON.parse(last) as { embeddedTemplate: string; slotUrls: string[] };
});

const modes: { mode: Mode; files: string[] }[] = databaseUrl
  ? [{ mode: "postgres", files: all }, { mode: "embedded", files: EMBEDDED_SET }]
  : [{ mode: "embedded", files: all }];
const queue = await plan(modes, await readTimes());

const results: FileResult[] = [];
const counts: Record<Mode, Counts> = {
  postgres: { passed: 0, failed: 0, ignored: 0 },
  embedded: { passed: 0, failed: 0, ignored: 0 },
};
// A batch that hangs is stopped, reported and counted as a failure, so CI always ends.
const BATCH_LIMIT_MS = 15 * 60_000;

async function runBatch(slot: number, batch: Job[]) {
  const mode = batch[0].mode;
  const env: Record<string, string> = mode === "postgres"
    ? { ...baseEnv, DATABASE_URL: prepared.slotUrls[slot] }
    : { ...baseEnv, DATABASE_URL: "", TEST_EMBEDDED_TEMPLATE: prepared.embeddedTemplate };
  const started = performance.now();
  const child = new Deno.Command(deno, {
    args: ["test", ...flags, "--no-check", ...batch.map((j) => j.file)],
    env,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), BATCH_LIMIT_MS);
  const out = await child.output();
  clearTimeout(timer);
  const output = decode(out.stdout) + decode(out.stderr);
  const seconds = (performance.now() - started) / 1000;
  const files = parseFiles(output, mode);
  results.push(...files);
  const found = parseCounts(output);
  // No closing line or a non-zero exit with no failed test: the process itself failed.
  const crashed = !found || (!out.success && found.failed === 0);
  counts[mode] = addCounts(counts[mode], {
    ...(found ?? { passed: 0, ignored: 0 }),
    failed: (found?.failed ?? 0) + (crashed ? 1 : 0),
  });
  if (!out.success || crashed) {
    console.log(`\n===== ${mode} · slot ${slot + 1} · FAILED · ${seconds.toFixed(0)} s =====`);
    console.log(output);
  }
  for (const f of files) {
    console.log(
      `${f.mode.padEnd(8)}  ${f.seconds.toFixed(1).padStart(6)} s  ${
        String(f.tests).padStart(3)
      } tests  ${f.file}`,
    );
  }
}

await phase("tests", async () => {
  await Promise.all(
    Array.from({ length: slots }, async (_, slot) => {
      for (let batch = nextBatch(queue); batch.length; batch = nextBatch(queue)) {
        await runBatch(slot, batch);
      }
    }),
  );
});

await writeTimes(results).catch(() => {});
await Deno.remove(workDir, { recursive: true }).catch(() => {});

console.log(`\n${slowestTable(results)}\n`);
console.log("phases of the test run");
for (const [name, secs] of phases) console.log(`  ${name.padEnd(18)} ${secs.toFixed(0)} s`);
const total = addCounts(counts.postgres, counts.embedded);
for (const { mode } of modes) console.log(countsLine(mode, counts[mode]));
console.log(countsLine("total", total));
Deno.exit(total.failed ? 1 : 0);
