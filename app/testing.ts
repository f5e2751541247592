import { loadConfig } from "../shared/config.ts";
import { setLogLevel } from "../shared/log.ts";
import { preparePlatform } from "./start.ts";
import { createApp } from "./app.tsx";
import { MODULES } from "./registry.ts";

/**
 * The whole app for tests: embedded database in memory, or the PostgreSQL at DATABASE_URL
 * when it is set. Creating PGlite is slow, so callers share one per test file; the test runner
 * (scripts/run-tests.ts) also hands every file a migrated copy in TEST_EMBEDDED_TEMPLATE.
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const dataDir = await Deno.makeTempDir({ prefix: "platform-test-" });
  const config = loadConfig({
    DATABASE_URL: Deno.env.get("DATABASE_URL") ?? "",
    LOG_LEVEL: Deno.env.get("LOG_LEVEL") ?? "error",
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: "bootstrap-password",
    TRUST_PROXY: "true",
    ...env,
  });
  setLogLevel(config.LOG_LEVEL);
  const templatePath = config.DATABASE_URL ? "" : Deno.env.get("TEST_EMBEDDED_TEMPLATE");
  const template = templatePath
    ? new Blob([await Deno.readFile(templatePath)], { type: "application/gzip" })
    : undefined;
  const platform = await preparePlatform(config, MODULES, { inMemory: true, template });
  const app = createApp(platform);
  return {
    app,
    platform,
    async close() {
      await platform.bus.close();
      await platform.db.close();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}
