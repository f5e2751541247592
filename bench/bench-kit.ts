// What the workflow benches share: the whole platform started on DATABASE_URL (jobs running), a
// tenant of its own with an owner and a bearer token, calls through the app, and the figures'
// helpers. A bench that imports it exits with a usage line when DATABASE_URL is missing.
import { loadConfig } from "../shared/config.ts";
import { withScope } from "../shared/db/scope.ts";
import { setLogLevel } from "../shared/log.ts";
import { builtinRoles } from "../shared/rbac/permissions.ts";
import { preparePlatform } from "../app/start.ts";
import { createApp } from "../app/app.tsx";
import { MODULES } from "../app/registry.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { insertUser } from "../platform/identity/users.repo.ts";

/** The q-quantile of xs (nearest rank), NaN when empty. */
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
export const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

/** Starts the platform for bench `task` (its data directory and slug start with `prefix`). */
export async function benchPlatform(task: string, prefix: string) {
  if (!Deno.env.get("DATABASE_URL")) {
    console.error(`${task} needs DATABASE_URL (a PostgreSQL it may add a tenant to)`);
    Deno.exit(1);
  }
  setLogLevel("error");
  const dataDir = await Deno.makeTempDir({ prefix: `${prefix}-` });
  const config = loadConfig({
    ...Deno.env.toObject(),
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    ADMIN_PASSWORD: Deno.env.get("ADMIN_PASSWORD") ?? crypto.randomUUID(),
  });
  const platform = await preparePlatform(config, MODULES);
  return { config, dataDir, platform, app: createApp(platform), sql: platform.db.sql };
}

type Platform = Awaited<ReturnType<typeof benchPlatform>>;

/** A new tenant named `name` (slug `<prefix>-<random>`), its owner, a token and `call`. */
export async function benchTenant({ platform, app, sql }: Platform, prefix: string, name: string) {
  const slug = `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
  const tenant = await withScope(sql, {}, async (tx) => {
    const owner = await insertUser(tx, {
      email: `${slug}-owner@bench.test`,
      name: "Owner",
      passwordHash: null,
    });
    const { tenant } = await createTenant({ sql: tx }, {
      slug,
      name,
      owner: { email: owner.email, name: owner.name },
      roles: builtinRoles(MODULES),
    });
    return { id: tenant.id, ownerId: owner.id };
  });
  const { token } = await platform.tokens.issue({
    userId: tenant.ownerId,
    tenantId: tenant.id,
    roles: ["owner"],
  });
  /** One request through the whole app as the owner; a status ≥ 300 throws. */
  async function call(method: string, path: string, body?: unknown): Promise<string> {
    const res = await app.fetch(
      new Request(`http://bench.local${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
    return text;
  }
  return { slug, tenant, token, call };
}

/**
 * Removes the bench's tenant (its jobs first: they do not cascade), closes the platform and its
 * data directory, and exits 1 naming the failures when there were any.
 */
export async function benchTeardown(
  { platform, sql, dataDir }: Platform,
  { tenant, slug }: { tenant: { id: string }; slug: string },
  failures: string[],
) {
  try {
    await sql`delete from job_runs where tenant_id = ${tenant.id}`;
    await sql`delete from jobs where tenant_id = ${tenant.id}`;
    await sql`delete from tenants where id = ${tenant.id}`;
    await sql`delete from users where email like ${`${slug}-%`}`;
  } catch (err) {
    failures.push(`cleanup: ${err}`);
    console.error("cleanup failed:", err);
  }
  await platform.bus.close();
  await platform.db.close();
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  if (failures.length) {
    console.error(`FAILED: ${failures.join("; ")}`);
    Deno.exit(1);
  }
}
