import type { Sql } from "../db/database.ts";

/** Attempts allowed per window before the key is locked for lockSeconds. */
export interface ThrottlePolicy {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = { max: 5, windowSeconds: 900, lockSeconds: 900 };
export const ADDRESS_POLICY: ThrottlePolicy = { max: 30, windowSeconds: 900, lockSeconds: 900 };

/**
 * Counts one sign-in attempt against a key before the password is checked, atomically (the
 * upsert locks the key's row), so concurrent guesses cannot slip past the limit. Returns the
 * seconds to wait when the key is locked, 0 when the attempt may proceed.
 */
export async function countAttempt(sql: Sql, key: string, p: ThrottlePolicy): Promise<number> {
  const [row] = await sql`
    insert into login_throttle as t (key, failures, window_started_at)
    values (${key}, 1, now())
    on conflict (key) do update set
      failures = case
        when t.locked_until > now() then t.failures
        when t.window_started_at < now() - make_interval(secs => ${p.windowSeconds}) then 1
        else t.failures + 1 end,
      window_started_at = case
        when t.locked_until > now() then t.window_started_at
        when t.window_started_at < now() - make_interval(secs => ${p.windowSeconds}) then now()
        else t.window_started_at end
    returning failures,
      coalesce(ceil(extract(epoch from locked_until - now())), 0)::int as locked_for`;
  if (row.lockedFor > 0) return row.lockedFor;
  if (row.failures <= p.max) return 0;
  await sql`update login_throttle
            set locked_until = now() + make_interval(secs => ${p.lockSeconds}), failures = 0,
                window_started_at = now()
            where key = ${key}`;
  return p.lockSeconds;
}

/** A successful sign-in: the account starts afresh; the address gets its attempt back. */
export async function forgiveAttempt(sql: Sql, accountKey: string, addressKey: string) {
  await sql`delete from login_throttle where key = ${accountKey}`;
  await sql`update login_throttle set failures = greatest(failures - 1, 0) where key = ${addressKey}`;
}

/** Drops counters and revocations nobody needs any more (hourly system job). */
export async function purgeAuthBookkeeping(sql: Sql) {
  await sql`delete from login_throttle
            where window_started_at < now() - interval '1 day'
              and (locked_until is null or locked_until < now())`;
  await sql`delete from revoked_tokens where expires_at < now()`;
}
