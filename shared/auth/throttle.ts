import type { Sql } from "../db/database.ts";

/** Failed sign-ins allowed per window before the key is locked for lockSeconds. */
export interface ThrottlePolicy {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = { max: 5, windowSeconds: 900, lockSeconds: 900 };
export const ADDRESS_POLICY: ThrottlePolicy = { max: 30, windowSeconds: 900, lockSeconds: 900 };

/** Seconds until every given key is unlocked; 0 when none is locked. */
export async function lockedFor(sql: Sql, keys: string[]): Promise<number> {
  const [row] = await sql`
    select coalesce(max(ceil(extract(epoch from locked_until - now()))), 0)::int as seconds
    from login_throttle where key = any(${keys}) and locked_until > now()`;
  return row.seconds;
}

export async function recordFailure(sql: Sql, key: string, p: ThrottlePolicy) {
  await sql`
    insert into login_throttle as t (key, failures, window_started_at)
    values (${key}, 1, now())
    on conflict (key) do update set
      failures = case when t.window_started_at < now() - make_interval(secs => ${p.windowSeconds})
                      then 1 else t.failures + 1 end,
      window_started_at = case when t.window_started_at < now() - make_interval(secs => ${p.windowSeconds})
                      then now() else t.window_started_at end`;
  await sql`
    update login_throttle set locked_until = now() + make_interval(secs => ${p.lockSeconds}),
      failures = 0, window_started_at = now()
    where key = ${key} and failures >= ${p.max}`;
}

export async function clearFailures(sql: Sql, key: string) {
  await sql`delete from login_throttle where key = ${key}`;
}
