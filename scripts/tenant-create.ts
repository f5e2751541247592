// deno task tenant:create --slug acme --name "Acme" --owner-email a@acme.test [--owner-name ..] [--owner-password ..]
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../shared/config.ts";
import { openDatabase } from "../shared/db/database.ts";
import { migrate } from "../shared/db/migrate.ts";
import { withScope } from "../shared/db/scope.ts";
import { setLogLevel } from "../shared/log.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { CreateTenantBody } from "../platform/identity/identity.schemas.ts";
import { Problem } from "../shared/http/problem.ts";
import { builtinRoles } from "../shared/rbac/permissions.ts";
import { MODULES } from "../app/registry.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    slug: { type: "string" },
    name: { type: "string" },
    "owner-email": { type: "string" },
    "owner-name": { type: "string" },
    "owner-password": { type: "string" },
  },
});

// The password is optional here: without one, a password is generated and printed once.
const input = CreateTenantBody.safeParse({
  slug: values.slug,
  name: values.name ?? values.slug,
  owner: {
    email: values["owner-email"],
    name: values["owner-name"] ?? "Owner",
    password: values["owner-password"] ?? "generated-later",
  },
});
if (!input.success) {
  console.error(
    "Usage: deno task tenant:create --slug <slug> --owner-email <email> " +
      "[--name <name>] [--owner-name <name>] [--owner-password <password>]",
  );
  for (const i of input.error.issues) console.error(`  ${i.path.join(".")}: ${i.message}`);
  Deno.exit(2);
}

try {
  const config = loadConfig();
  setLogLevel(config.LOG_LEVEL === "info" ? "warn" : config.LOG_LEVEL);
  const db = await openDatabase(config);
  try {
    await migrate(db.sql);
    const owner = { ...input.data.owner, password: values["owner-password"] };
    const created = await withScope(
      db.sql,
      {},
      (tx) => createTenant({ sql: tx }, { ...input.data, owner, roles: builtinRoles(MODULES) }),
    );
    console.log(
      `created tenant ${created.tenant.slug} (${created.tenant.id}) owned by ${created.owner.email}`,
    );
    if (created.generatedPassword) {
      console.log(`owner password (shown once): ${created.generatedPassword}`);
    }
  } finally {
    await db.close();
  }
} catch (err) {
  const message = err instanceof ConfigError || err instanceof Problem ? err.message : String(err);
  console.error(`tenant:create failed: ${message}`);
  Deno.exit(1);
}
