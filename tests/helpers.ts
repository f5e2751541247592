import { withScope } from "../shared/db/scope.ts";
import { createTenant } from "../platform/identity/tenants.service.ts";
import { addMember } from "../platform/identity/admin.service.ts";
import { createTestApp } from "../app/testing.ts";
import type { Session } from "../shared/http/env.ts";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let shared: Promise<TestApp> | null = null;

/** One app and database for the whole run (PGlite takes seconds to start). */
export function testApp(): Promise<TestApp> {
  shared ??= createTestApp();
  return shared;
}

/** Deno.test without the resource sanitizers: the shared database outlives each test. */
export function itest(name: string, fn: (t: Deno.TestContext) => void | Promise<void>) {
  Deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false });
}

/** Waits until `ok()` holds (polled every 20 ms), or fails after `ms`. */
export async function until(ok: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const PASSWORD = "correct-horse-battery";
let counter = 0;
export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}${
    crypto.randomUUID().slice(0, 4)
  }`;

export interface Caller {
  id: string;
  email: string;
  token: string;
  /** Calls the app as this user with a bearer token. */
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
}

export interface TestTenant {
  id: string;
  slug: string;
  owner: Caller;
  /** Adds a member with the given roles and returns a caller for them. */
  member(roles: string[], email?: string): Promise<Caller>;
}

export async function callApp(
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const { app } = await testApp();
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    headers["Content-Type"] ??= "application/json";
  }
  return await app.request(path, { method: init.method ?? "GET", headers, body });
}

async function tokenFor(userId: string, tenantId: string, roles: string[]) {
  const { platform } = await testApp();
  return (await platform.tokens.issue({ userId, tenantId, roles })).token;
}

function caller(id: string, email: string, token: string): Caller {
  return {
    id,
    email,
    token,
    call: (method, path, body, headers) => callApp(path, { method, body, token, headers }),
  };
}

/** A fresh tenant with an owner (password PASSWORD), so tests never see each other's data. */
export async function newTenant(): Promise<TestTenant> {
  const { platform } = await testApp();
  const slug = unique("t").toLowerCase().slice(0, 60);
  const email = `${slug}-owner@example.test`;
  const created = await withScope(
    platform.db.sql,
    {},
    (tx) =>
      createTenant({ sql: tx }, {
        slug,
        name: `Tenant ${slug}`,
        owner: { email, name: "Owner", password: PASSWORD },
        roles: platform.roles,
      }),
  );
  const tenantId = created.tenant.id;
  const owner = caller(
    created.owner.id,
    email,
    await tokenFor(created.owner.id, tenantId, ["owner"]),
  );
  return {
    id: tenantId,
    slug,
    owner,
    async member(roles, memberEmail) {
      const mail = memberEmail ?? `${unique("u")}@example.test`;
      // A synthetic session standing for test setup, not for the owner: it is a platform
      // operator, the only caller allowed to create an account with a password (admin.rules.ts).
      const session = {
        tenantId,
        userId: owner.id,
        roles: ["owner"],
        permissions: ["*"],
        isOperator: true,
      } as Session;
      const { member } = await withScope(
        platform.db.sql,
        { tenantId, userId: owner.id },
        (tx) =>
          addMember({ sql: tx, session, bus: platform.bus }, {
            catalog: platform.permissions,
            member: {
              email: mail,
              name: "Member " + roles.join("+"),
              password: PASSWORD,
              roles,
            },
          }),
      );
      return caller(member.id, mail, await tokenFor(member.id, tenantId, roles));
    },
  };
}

/**
 * Makes the account of `who` a platform operator (as the schema owner; the session is read
 * afresh on the next request). Operators alone create accounts with a password.
 */
export async function makeOperator(who: Caller) {
  const { platform } = await testApp();
  await platform.db.sql`update users set is_operator = true where id = ${who.id}`;
}

/** Asserts an RFC 9457 body and returns it. */
export async function problem(res: Response, status: number) {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  const type = res.headers.get("content-type") ?? "";
  if (!type.startsWith("application/problem+json")) throw new Error(`not problem+json: ${type}`);
  const body = JSON.parse(text);
  if (body.status !== status || typeof body.title !== "string" || typeof body.type !== "string") {
    throw new Error(`malformed problem: ${text}`);
  }
  if (/at .*\.(ts|js):\d+|select |insert |postgres/i.test(text)) {
    throw new Error(`leaks internals: ${text}`);
  }
  return body;
}

/** Invites an existing account into a tenant and accepts for it (a user in two tenants). */
export async function join(who: Caller, tenant: TestTenant, roles: string[]) {
  const invited = await tenant.owner.call("POST", "/api/admin/users", {
    email: who.email,
    name: "Guest",
    roles,
  });
  if (invited.status !== 201) {
    throw new Error(`invite failed: ${invited.status} ${await invited.text()}`);
  }
  const accepted = await who.call("POST", `/api/auth/invitations/${tenant.id}/accept`);
  if (accepted.status !== 200) {
    throw new Error(`accept failed: ${accepted.status} ${await accepted.text()}`);
  }
}

/**
 * A browser-like page request: the session cookie (of `who`, or a raw `token`), a same-origin
 * Origin header, an optional form body (POST) and optionally htmx's HX-Request header.
 */
export function browse(
  path: string,
  opts: {
    who?: Caller;
    token?: string;
    form?: Record<string, string | string[]>;
    htmx?: boolean;
    method?: string;
    origin?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { Origin: opts.origin ?? "http://localhost" };
  const token = opts.who?.token ?? opts.token;
  if (token) headers.Cookie = `session=${token}`;
  if (opts.htmx) headers["HX-Request"] = "true";
  Object.assign(headers, opts.headers);
  let body: string | undefined;
  if (opts.form) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form)) for (const x of [v].flat()) params.append(k, x);
    body = params.toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return callApp(path, { method: opts.method ?? (opts.form ? "POST" : "GET"), body, headers });
}
