// Startup time: spawns `deno run main.ts` and measures until /login first answers 200.
// Usage: deno run -A bench/startup.ts            (embedded; fresh and warm data dir)
//        DATABASE_URL=postgres://... deno run -A bench/startup.ts
const root = new URL("../", import.meta.url).pathname;

async function timeToFirst200(env: Record<string, string>): Promise<number> {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: root,
    env: { PORT: String(port), LOG_LEVEL: "warn", ADMIN_PASSWORD: "bench-password", ...env },
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    while (performance.now() - started < 60_000) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/login`);
        await res.body?.cancel();
        if (res.status === 200) return performance.now() - started;
      } catch { /* not listening yet */ }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("no 200 within 60 s");
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
}

const databaseUrl = Deno.env.get("DATABASE_URL");
const dataDir = await Deno.makeTempDir({ prefix: "bench-startup-" });
const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" };
const mode = databaseUrl ? "postgres" : "embedded";
try {
  const first = await timeToFirst200(env);
  const warm: number[] = [];
  for (let i = 0; i < 3; i++) warm.push(await timeToFirst200(env));
  warm.sort((a, b) => a - b);
  console.log(`startup ${mode}: first start (empty data dir) ${first.toFixed(0)} ms`);
  console.log(
    `startup ${mode}: warm start median ${warm[1].toFixed(0)} ms (runs: ${
      warm.map((w) => w.toFixed(0)).join(", ")
    })`,
  );
} finally {
  await Deno.remove(dataDir, { recursive: true });
}
