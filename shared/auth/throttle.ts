import type { Sql } from "../db/database.ts";

/**
 * Attempts allowed per window before the key is locked for lockSeconds; with maxLockSeconds,
 * each lockout in a row lasts twice the one before, up to that.
 */
export interface ThrottlePolicy {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
  maxLockSeconds?: number;
}

/**
 * Wrong passwords for one account from one address: 5 per 15 minutes, then 1, 2, 4, 8, 15
 * minutes. Only that address waits: an attacker elsewhere cannot lock the owner out.
 */
export const PAIR_POLICY: ThrottlePolicy = {
  max: 5,
  windowSeconds: 900,
  lockSeconds: 60,
  maxLockSeconds: 900,
};
/**
 * Guesses at one account spread over many addresses: past this cap the account waits, but only
 * for addresses it never signed in from (the owner's usual places stay open).
 */
export const ACCOUNT_CAP: ThrottlePolicy = { max: 50, windowSeconds: 900, lockSeconds: 900 };
export const ADDRESS_POLICY: ThrottlePolicy = { max: 30, windowSeconds: 900, lockSeconds: 900 };

/** The throttle keys of one sign-in attempt. */
export function attemptKeys(email: string, address: string) {
  const account = email.toLowerCase();
  return {
    account,
    address,
    accountKey: `account:${account}`,
    addressKey: `address:${address}`,
    pairKey: `pair:${account}|${address}`,
  };
}

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
  const max = p.maxLockSeconds ?? p.lockSeconds;
  const [locked] = await sql<{ seconds: number }[]>`
    update login_throttle
    set locked_until = now() + make_interval(secs =>
          least(${p.lockSeconds}::float8 * power(2, lockouts), ${max}::float8)),
        lockouts = lockouts + 1, failures = 0, window_started_at = now()
    where key = ${key}
    returning least(${p.lockSeconds}::float8 * power(2, lockouts - 1), ${max}::float8)::int
      as seconds`;
  return locked.seconds;
}

/**
 * Counts one sign-in attempt for an account from an address, before the password is checked:
 * the address, then the (account, address) pair, then the account-wide cap — which does not
 * hold back an address the account signed in from before. Seconds to wait, or 0.
 */
export async function countSignIn(sql: Sql, keys: ReturnType<typeof attemptKeys>) {
  const address = await countAttempt(sql, keys.addressKey, ADDRESS_POLICY);
  if (address > 0) return address;
  const pair = await countAttempt(sql, keys.pairKey, PAIR_POLICY);
  if (pair > 0) return pair;
  const account = await countAttempt(sql, keys.accountKey, ACCOUNT_CAP);
  if (account === 0) return 0;
  const [known] = await sql`select 1 from login_known_addresses
    where account = ${keys.account} and address = ${keys.address}
      and seen_at > now() - interval '90 days'`;
  return known ? 0 : account;
}

/**
 * A right password: the pair starts afresh, the address and the account get their attempt
 * back, and the address becomes one the account is known to sign in from.
 */
export async function forgiveSignIn(sql: Sql, keys: ReturnType<typeof attemptKeys>) {
  await sql`delete from login_throttle where key = ${keys.pairKey}`;
  await sql`update login_throttle set failures = greatest(failures - 1, 0)
            where key in (${keys.addressKey}, ${keys.accountKey})`;
  await sql`insert into login_known_addresses (account, address) values (${keys.account},
              ${keys.address})
            on conflict (account, address) do update set seen_at = now()`;
}

/** Drops counters and revocations nobody needs any more (hourly system job). */
export async function purgeAuthBookkeeping(sql: Sql) {
  await sql`delete from login_throttle
            where window_started_at < now() - interval '1 day'
              and (locked_until is null or locked_until < now())`;
  await sql`delete from revoked_tokens where expires_at < now()`;
  await sql`delete from login_known_addresses where seen_at < now() - interval '90 days'`;
}
