import { AsyncLocalStorage } from "node:async_hooks";
import { timingSafeEqual } from "../crypto/bytes.ts";
import { lazy } from "../lazy.ts";

/** argon2id (hash-wasm), loaded at the first sign-in or password change, not at start. */
const argon2id = lazy(async () => (await import("hash-wasm")).argon2id);

/**
 * Hashes made before a request's transaction opened (see shared/http/prehash.ts): argon2id takes
 * 50–100 ms of the main thread, which must not be spent holding the request's connection (the
 * embedded database has only one). hashPassword and generatePassword use them when they exist.
 */
interface Prehashed {
  hashes: Map<string, string>;
  spare?: string;
}
const prehashed = new AsyncLocalStorage<Prehashed>();

/** Where hashPassword's answers came from, and how many hashes were made ahead (used or not),
 * for the test that pins hashing outside transactions. */
export const hashCounts = { inline: 0, prehashed: 0, ahead: 0 };

/**
 * Runs fn with the given passwords hashed in advance, plus a spare generated password (for
 * routes that may create an account without one).
 */
export async function withPrehashed<T>(
  passwords: string[],
  withSpare: boolean,
  fn: () => Promise<T>,
): Promise<T> {
  const spare = withSpare ? randomPassword() : undefined;
  const hashes = new Map<string, string>();
  for (const p of new Set([...passwords, ...(spare ? [spare] : [])])) {
    hashes.set(p, await computeHash(p));
    hashCounts.ahead++;
  }
  return await prehashed.run({ hashes, spare }, fn);
}

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const PARAMS = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 };
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const unb64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/;

/** Returns a PHC string: $argon2id$v=19$m=..,t=..,p=..$salt$hash */
export async function hashPassword(password: string): Promise<string> {
  const ready = prehashed.getStore()?.hashes.get(password);
  if (ready) {
    hashCounts.prehashed++;
    return ready;
  }
  hashCounts.inline++;
  return await computeHash(password);
}

async function computeHash(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await (await argon2id())({ ...PARAMS, password, salt, outputType: "binary" });
  const { memorySize: m, iterations: t, parallelism: p } = PARAMS;
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${b64(salt)}$${b64(hash)}`;
}

/** Recomputes the hash with the stored parameters and compares in constant time. */
export async function verifyPassword(password: string, encoded: string | null): Promise<boolean> {
  const parsed = encoded ? PHC.exec(encoded) : null;
  // Unknown account or no password: still spend the time of a real check, then fail.
  const [m, t, p, salt, expected] = parsed
    ? [+parsed[1], +parsed[2], +parsed[3], unb64(parsed[4]), unb64(parsed[5])]
    : [PARAMS.memorySize, PARAMS.iterations, 1, new Uint8Array(16), new Uint8Array(32)];
  const actual = await (await argon2id())({
    password,
    salt,
    memorySize: m,
    iterations: t,
    parallelism: p,
    hashLength: expected.length,
    outputType: "binary",
  });
  return parsed !== null && timingSafeEqual(actual, expected);
}

/** A random password for generated accounts: 18 bytes, URL-safe (the request's spare if any). */
export function generatePassword(): string {
  const store = prehashed.getStore();
  if (store?.spare) {
    const spare = store.spare;
    store.spare = undefined; // one account per spare
    return spare;
  }
  return randomPassword();
}

function randomPassword(): string {
  return b64(crypto.getRandomValues(new Uint8Array(18))).replace(/\+/g, "-").replace(/\//g, "_");
}
