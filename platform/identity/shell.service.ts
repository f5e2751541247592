import type { Actor } from "../../shared/http/actor.ts";
import type { ShellData } from "../../shared/modules.ts";
import { workspacesOfUser } from "./users.repo.ts";
import { selectShellTenant } from "./tenants.repo.ts";

/**
 * Identity's part of the shell around every page: the caller's other tenants, their open
 * invitations and the current tenant's look. Both statements go out at once.
 */
export async function workspaceShell({ sql, session }: Actor): Promise<Partial<ShellData>> {
  const [{ tenants, invitations }, tenant] = await Promise.all([
    workspacesOfUser(sql, session.userId),
    selectShellTenant(sql, session.tenantId),
  ]);
  return { tenants, invitations, ...(tenant ? { tenant } : {}) };
}
