import type { Sql } from "../../shared/db/database.ts";
import type { Profile } from "./profile.schemas.ts";

export async function selectProfile(sql: Sql, userId: string): Promise<Profile | undefined> {
  const [row] = await sql<Profile[]>`
    select id, email, name, locale, is_operator from users where id = ${userId}`;
  return row;
}

/** Changes the account's own name and language (a workspace's name for the member stays). */
export async function updateProfile(
  sql: Sql,
  userId: string,
  patch: { name?: string; locale?: string | null },
) {
  await sql`
    update users set
      name = coalesce(${patch.name ?? null}, name),
      locale = case when ${patch.locale !== undefined} then ${patch.locale ?? null} else locale end,
      updated_at = now()
    where id = ${userId}`;
}

/** The signed-in user's own password hash (the scope's app.user_id). */
export async function passwordHashOf(sql: Sql): Promise<string | null> {
  // Only one's own, through a definer function: the app role may not read hashes (0032).
  const [row] = await sql`select identity_own_password_hash() as password_hash`;
  return (row?.passwordHash as string | null) ?? null;
}

export async function setPasswordHash(sql: Sql, userId: string, hash: string) {
  await sql`update users set password_hash = ${hash}, updated_at = now() where id = ${userId}`;
}
