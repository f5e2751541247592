import type { Sql } from "./database.ts";

/**
 * A secret of the installation kept in `platform_secrets` (readable by the schema owner only):
 * the stored value, or `fresh()` stored the first time. The name's own advisory lock makes
 * instances that start together agree on one value. `sql` is the owner connection (start-up).
 */
export async function storedPlatformSecret(
  sql: Sql,
  secret: { name: string; lock: number },
  fresh: () => string,
): Promise<string> {
  return await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${secret.lock})`;
    const [row] = await tx`select value from platform_secrets where name = ${secret.name}`;
    if (row) return row.value as string;
    const value = fresh();
    await tx`insert into platform_secrets (name, value) values (${secret.name}, ${value})`;
    return value;
  });
}
