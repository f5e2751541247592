import assert from "node:assert/strict";
import { itest, unique } from "../helpers.ts";

const run = async (script: string, args: string[], env: Record<string, string>) => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(`../../scripts/${script}`, import.meta.url).pathname, ...args],
    env: { RUST_BACKTRACE: "0", LOG_LEVEL: "warn", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
};

itest("scripts: migrate and tenant:create work at the shell and refuse bad input", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "platform-cli-" });
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: Deno.env.get("DATABASE_URL") ?? "" };
    const migrated = await run("migrate.ts", [], env);
    assert.equal(migrated.code, 0, migrated.stderr);
    const again = await run("migrate.ts", [], env);
    assert.match(again.stdout, /up to date/);

    const slug = unique("cli").toLowerCase().slice(0, 40);
    const created = await run("tenant-create.ts", [
      "--slug",
      slug,
      "--owner-email",
      `${slug}@example.test`,
    ], env);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, new RegExp(`created tenant ${slug}`));
    assert.match(created.stdout, /owner password \(shown once\): \S{16,}/);

    const dupe = await run("tenant-create.ts", [
      "--slug",
      slug,
      "--owner-email",
      `${slug}@example.test`,
    ], env);
    assert.equal(dupe.code, 1);
    assert.match(dupe.stderr, /already exists/);

    const bad = await run("tenant-create.ts", ["--slug", "Not A Slug"], env);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /slug/);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
