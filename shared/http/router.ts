import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import type { AppEnv } from "./env.ts";
import type { Context } from "hono";
import { problems } from "./problem.ts";
import { isUnpagedList } from "./openapi.ts";
import { fieldsetOf, withFields } from "./fields.ts";

/**
 * Every API sub-app starts here, so invalid input always becomes a 400 problem, and a list that
 * is not paged answers `nextCursor: null` like every list (see withNullCursor).
 */
export function createRouter(opts: { remembersMatches?: boolean } = {}) {
  const router = new OpenAPIHono<AppEnv>({
    ...(opts.remembersMatches ? { router: new RememberingRouter() } : {}),
    defaultHook: (result) => {
      if (!result.success) {
        const where = result.target === "json" ? "body" : result.target;
        throw problems.validation(
          result.error.issues.map((issue) => ({
            path: [where, ...issue.path.map(String)].join("."),
            message: issue.message,
          })),
        );
      }
    },
  });
  const register = router.openapi;
  router.openapi = ((route, handler, hook) => {
    const paged = isUnpagedList(route) ? withNullCursor(handler as never) as never : handler;
    // Every GET answering a JSON object takes `fields=` (sparse fieldsets, shared/http/fields.ts).
    const set = fieldsetOf(route);
    return register(route, set ? withFields(paged as never, set) as never : paged, hook);
  }) as typeof register;
  return router;
}

/** How many method-and-path matches the application's router keeps, and of which paths. */
const REMEMBERED_MATCHES = 1_000;
const REMEMBERED_PATH_MAX = 512;

/**
 * The application's router: Hono's trie router (the app's ~3,000 routes are not all ones its
 * faster RegExpRouter accepts), with the answer for each method and path kept, so a request to a
 * path seen before (a list, a page) does not walk the trie again. A match was about 5 KB of
 * short-lived arrays per request, alive for the whole request and so often promoted under load
 * (docs/architecture.md, "The request hot path"). Hono only reads a match (the handlers, and the
 * path's parameters by name), so one can serve many requests. The oldest are dropped past
 * REMEMBERED_MATCHES (paths with ids are each their own entry), paths longer than
 * REMEMBERED_PATH_MAX are not kept, and adding a route forgets them all.
 */
export class RememberingRouter<T> implements Router<T> {
  name = "TrieRouter, remembering matches";
  #trie = new TrieRouter<T>();
  #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T) {
    this.#matches.clear();
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    // A very long path (made up, most likely) is matched each time rather than kept.
    if (path.length > REMEMBERED_PATH_MAX) return this.#trie.match(method, path);
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (!result) {
      result = this.#trie.match(method, path);
      if (this.#matches.size >= REMEMBERED_MATCHES) {
        this.#matches.delete(this.#matches.keys().next().value!);
      }
      this.#matches.set(key, result);
    }
    return result;
  }
}

/**
 * The handler of a list that is not paged (its declared answer has `items`, no `nextCursor`),
 * answering `nextCursor: null` too: added to the object its handler answers with c.json, before
 * it is serialised, as the OpenAPI document promises (shared/http/openapi.ts).
 */
function withNullCursor(
  handler: (c: Context<AppEnv>, next: () => Promise<void>) => unknown,
) {
  return (c: Context<AppEnv>, next: () => Promise<void>) => {
    const json = c.json;
    c.json = ((body: unknown, arg?: number | ResponseInit, headers?: HeadersInit) => {
      const status = typeof arg === "number" ? arg : arg?.status ?? 200;
      const plain = body && typeof body === "object" && !Array.isArray(body) &&
        !("nextCursor" in body);
      return json(
        (status === 200 && plain ? { ...body, nextCursor: null } : body) as never,
        arg as never,
        headers as never,
      );
    }) as typeof json;
    return handler(c, next);
  };
}

/** A feature's API routes, added to its module's router (listed in the module's mod.ts). */
export type ApiMount = (api: OpenAPIHono<AppEnv>) => void;
/** A feature's page routes, added to its module's page router. */
export type PageMount = (app: Hono<AppEnv>) => void;

/** The module's API router: each feature mounts its routes, in the order given. */
export function apiRouter(mounts: ApiMount[]): OpenAPIHono<AppEnv> {
  const api = createRouter();
  for (const mount of mounts) mount(api);
  return api;
}

/** The module's page router: each feature mounts its pages, in the order given. */
export function pageRouter(mounts: PageMount[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const mount of mounts) mount(app);
  return app;
}
