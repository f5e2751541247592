import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "../../shared/config.ts";

Deno.test("config: defaults apply to an empty environment", () => {
  const c = loadConfig({});
  assert.equal(c.PORT, 8000);
  assert.equal(c.DATA_DIR, "./data");
  assert.equal(c.DATABASE_URL, undefined);
  assert.equal(c.DEFAULT_TENANT, "demo");
  assert.equal(c.STORAGE_MODE, "local");
  assert.equal(c.LOCAL_STORAGE_PATH, "./data/files");
  assert.equal(c.PUBLIC_URL, undefined);
  assert.equal(c.SSO_ALLOW_PRIVATE_ISSUERS, false);
  assert.equal(
    loadConfig({ PUBLIC_URL: "https://platform.example.com" }).PUBLIC_URL,
    "https://platform.example.com",
  );
});

Deno.test("config: empty strings count as unset", () => {
  const c = loadConfig({ PORT: "", DATABASE_URL: "", ADMIN_PASSWORD: "" });
  assert.equal(c.PORT, 8000);
  assert.equal(c.DATABASE_URL, undefined);
});

Deno.test("config: a bad value names the variable", () => {
  const cases: [Record<string, string>, string][] = [
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ STORAGE_MODE: "ftp" }, "STORAGE_MODE"],
    [{ STORAGE_MODE: "objstore" }, "OBJ_BUCKET"],
    [{ ADMIN_EMAIL: "not-an-email" }, "ADMIN_EMAIL"],
    [{ DEFAULT_TENANT: "Bad Slug" }, "DEFAULT_TENANT"],
    [{ JWT_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----" }, "JWT_PUBLIC_KEY"],
    [{ EXTERNAL_JWKS_URL: "https://idp.example/jwks" }, "EXTERNAL_JWKS_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ COOKIE_SECURE: "maybe" }, "COOKIE_SECURE"],
    [{ PUBLIC_URL: "platform.example.com" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "https://platform.example.com/app" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "ftp://platform.example.com" }, "PUBLIC_URL"],
    [{ SSO_ALLOW_PRIVATE_ISSUERS: "yes" }, "SSO_ALLOW_PRIVATE_ISSUERS"],
  ];
  for (const [env, name] of cases) {
    assert.throws(() => loadConfig(env), (err: Error) => {
      assert.ok(err instanceof ConfigError, `${name}: ${err}`);
      assert.match(err.message, new RegExp(`\\b${name}\\b`));
      return true;
    });
  }
});

Deno.test("config: main refuses to start on a bad value and says why", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../main.ts", import.meta.url).pathname],
    env: { PORT: "not-a-port", RUST_BACKTRACE: "0" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 1);
  const stderr = new TextDecoder().decode(out.stderr);
  assert.match(stderr, /PORT/);
  assert.doesNotMatch(stderr, /at .*\.ts:\d+/); // a message, not a stack trace
});
