/**
 * Backup and restore (issue 18): the embedded database round-trips through `deno task backup` /
 * `restore` (their functions), both refuse a data directory in use, restore keeps an existing
 * database aside rather than overwrite it, and operators download a consistent backup from a
 * running server (PostgreSQL installations are told to use pg_dump).
 */
import assert from "node:assert/strict";
import { callApp, itest, newTenant, testApp } from "../helpers.ts";
import { loadConfig } from "../../shared/config.ts";
import { preparePlatform } from "../../app/start.ts";
import { MODULES } from "../../app/registry.ts";
import { backupEmbedded, BackupRefused, restoreEmbedded } from "../../shared/db/backup.ts";

const configFor = (dataDir: string) =>
  loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "error",
    ADMIN_PASSWORD: "bootstrap-password",
    DEFAULT_TENANT: "yedek",
  });

Deno.test({
  name: "backup: the embedded database round-trips; a directory in use is refused",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const from = await Deno.makeTempDir({ prefix: "backup-from-" });
    const to = await Deno.makeTempDir({ prefix: "backup-to-" });
    const file = `${from}.tar.gz`;
    try {
      const running = await preparePlatform(configFor(from), MODULES);
      await running.db.sql`insert into login_throttle (key, failures) values ('marker:kept', 7)`;
      await assert.rejects(
        () => backupEmbedded(configFor(from), file),
        (err) => err instanceof BackupRefused && /is running/.test(err.message),
      );
      await running.db.close();

      const size = await backupEmbedded(configFor(from), file);
      assert.ok(size > 1000);
      await restoreEmbedded(configFor(to), file);
      // Over an existing database: refused, or with force kept aside.
      await assert.rejects(() => restoreEmbedded(configFor(to), file), /already holds/);
      const { movedAside } = await restoreEmbedded(configFor(to), file, { force: true });
      assert.ok(movedAside && (await Deno.stat(`${movedAside}/PG_VERSION`)).isFile);

      const restored = await preparePlatform(configFor(to), MODULES);
      try {
        const [row] = await restored.db.sql`select failures from login_throttle
          where key = 'marker:kept'`;
        assert.equal(row?.failures, 7, "the data came back");
        const [tenant] = await restored.db.sql`select slug from tenants where slug = 'yedek'`;
        assert.ok(tenant);
      } finally {
        await restored.db.close();
      }
    } finally {
      await Deno.remove(from, { recursive: true }).catch(() => {});
      await Deno.remove(to, { recursive: true }).catch(() => {});
      await Deno.remove(file).catch(() => {});
    }
  },
});

itest("backup: operators download one from the running server; others may not", async () => {
  const { platform } = await testApp();
  const login = await callApp("/api/auth/login", {
    method: "POST",
    body: { email: platform.config.ADMIN_EMAIL, password: "bootstrap-password" },
  });
  const { accessToken } = await login.json();
  const res = await callApp("/api/admin/backup", { token: accessToken });
  if (platform.db.mode === "embedded") {
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/gzip");
    assert.match(res.headers.get("content-disposition") ?? "", /attachment; filename="backup-/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 2)], [0x1f, 0x8b], "gzip");
  } else {
    assert.equal(res.status, 409);
    assert.match((await res.json()).detail, /pg_dump/);
  }
  const t = await newTenant();
  const refused = await t.owner.call("GET", "/api/admin/backup");
  assert.equal(refused.status, 403, "a tenant owner is not an operator");
  await refused.body?.cancel();
});
