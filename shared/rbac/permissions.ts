import { createMiddleware } from "hono/factory";
import type { AppEnv, BuiltinRole, RoleGrants } from "../modules.ts";
import { problems } from "../http/problem.ts";

/** Permissions of the core itself; modules declare theirs in their manifests. */
export const CORE_PERMISSIONS = [
  "admin.user.read",
  "admin.user.write",
  "admin.role.read",
  "admin.role.write",
  "admin.notification.write",
  "admin.mail.read",
  "admin.translation.read",
  "admin.translation.write",
  "admin.tenant.write",
  "admin.audit.read",
] as const;

/** Interface texts belong to the whole tenant, so changing them is one tenant-wide right. */
export const TRANSLATIONS_WRITE = "admin.translation.write";

/** What the core grants the built-in roles besides owner and admin. */
const CORE_GRANTS: RoleGrants = { agent: ["admin.user.read"], member: ["admin.user.read"] };

const ROLE_TEXTS: Record<string, { name: string; description: string }> = {
  agent: { name: "Agent", description: "Works tickets, processes, documents and projects" },
  member: { name: "Member", description: "Works in processes, documents and projects" },
  viewer: { name: "Viewer", description: "Reads every module" },
};

/**
 * Built-in roles, granted as patterns: `*` matches one segment, a trailing `*` everything
 * after it. Owners and admins hold everything; only owners may grant or take the owner role.
 * Agents, members and viewers read every module, plus what each module's manifest grants them.
 */
export function builtinRoles(
  modules: readonly { name: string; grants?: RoleGrants }[],
): Record<string, BuiltinRole> {
  const reads = modules.map((m) => `${m.name}.*.read`);
  const grantsOf = (role: keyof RoleGrants) => [
    ...reads,
    ...modules.flatMap((m) => m.grants?.[role] ?? []),
    ...(CORE_GRANTS[role] ?? []),
  ];
  return {
    owner: { name: "Owner", description: "Full access, including owners", permissions: ["*"] },
    admin: {
      name: "Administrator",
      description: "Full access except owner changes",
      permissions: ["*"],
    },
    agent: { ...ROLE_TEXTS.agent, permissions: grantsOf("agent") },
    member: { ...ROLE_TEXTS.member, permissions: grantsOf("member") },
    viewer: { ...ROLE_TEXTS.viewer, permissions: grantsOf("viewer") },
  };
}

export function matches(pattern: string, permission: string): boolean {
  if (pattern === "*") return true;
  const p = pattern.split(".");
  const s = permission.split(".");
  for (let i = 0; i < p.length; i++) {
    if (p[i] === "*" && i === p.length - 1) return s.length >= p.length;
    if (i >= s.length || (p[i] !== "*" && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

export function hasPermission(granted: readonly string[], permission: string): boolean {
  return granted.some((pattern) => matches(pattern, permission));
}

/** A valid grant: a permission or a pattern of 1–3 segments of lowercase words or `*`. */
export const PERMISSION_PATTERN = /^(\*|[a-z][a-z0-9-]*)(\.(\*|[a-z][a-z0-9-]*)){0,2}$/;

/** Route middleware: 401 without a session, 403 without the permission. */
export function requirePermission(...needed: string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = c.get("session");
    if (!session) throw problems.unauthorized();
    const missing = needed.find((p) => !hasPermission(session.permissions, p));
    if (missing && session.scopes && !hasPermission(session.scopes, missing)) {
      throw problems.forbidden(`The API token lacks the scope ${missing}.`);
    }
    if (missing) throw problems.forbidden(`This needs the permission ${missing}.`);
    await next();
  });
}

/** Only platform operators (the bootstrap user and those they appoint). */
export const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  const session = c.get("session");
  if (!session) throw problems.unauthorized();
  if (!session.isOperator) throw problems.forbidden("This needs a platform operator.");
  await next();
});
