/**
 * Hashes the new passwords a write request to a password-setting route carries before its
 * transaction opens (argon2id holds the main thread for 50–100 ms; inside the transaction it would
 * also hold the connection, the embedded database's only one). Password fields are found by name
 * ("password", "…Password", one level down too, e.g. owner.password) in JSON and form bodies;
 * routes that may create an account without a password (`spare`) also get a generated password
 * hashed in advance.
 * shared/auth/passwords.ts then answers hashPassword and generatePassword from these.
 */
import type { Context, Next } from "hono";
import { withPrehashed } from "../auth/passwords.ts";

/** A route (method other than GET/HEAD) that stores a new password. */
export interface PasswordRoute {
  path: RegExp;
  /** It may create an account without a password, generating one. */
  spare: boolean;
}

const PASSWORD_FIELD = /^(password|[a-z][A-Za-z]*Password)$/;
const MAX_PASSWORDS = 4;

function passwordsIn(body: unknown, depth = 0): string[] {
  if (!body || typeof body !== "object" || Array.isArray(body) || depth > 1) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string" && value && PASSWORD_FIELD.test(key)) out.push(value);
    else if (typeof value === "object") out.push(...passwordsIn(value, depth + 1));
  }
  return out;
}

async function readBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  // Hono keeps the parsed body, so the route's own validator reads it again for free.
  if (type.startsWith("application/json")) return await c.req.json().catch(() => null);
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return await c.req.parseBody().catch(() => null);
  }
  return null; // multipart (uploads) and others carry no passwords here
}

export async function prehashPasswords(c: Context, next: Next, routes: PasswordRoute[]) {
  if (c.req.method === "GET" || c.req.method === "HEAD") return await next();
  const route = routes.find((r) => r.path.test(c.req.path));
  if (!route) return await next();
  const passwords = passwordsIn(await readBody(c)).slice(0, MAX_PASSWORDS);
  if (!passwords.length && !route.spare) return await next();
  await withPrehashed(passwords, route.spare, () => next());
}
