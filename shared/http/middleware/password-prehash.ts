import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { type PasswordRoute, prehashPasswords } from "../prehash.ts";

/**
 * On scoped write routes that store a new password: the hash is made before the request's
 * transaction opens (see shared/http/prehash.ts). Unscoped routes hash between their own.
 */
export function passwordPrehash(routes: PasswordRoute[]): MiddlewareHandler<AppEnv> {
  return (c, next) => c.var.access === "scoped" ? prehashPasswords(c, next, routes) : next();
}
