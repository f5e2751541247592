import { hasPermission } from "../../../shared/rbac/permissions.ts";

/** A module as its manifest names it and the permissions it declares. */
export interface ModulePermissions {
  name: string;
  permissions: readonly string[];
}

/**
 * The modules whose activity lines a reader may see in the cross-module log. A module that
 * declares an audit permission (`documents.audit.read`, `workflow.audit.read`) keeps its log
 * behind it, as its own activity page does; any other module's lines need one of its `.read`
 * permissions. A module without read permissions is never shown.
 */
export function readableModules(
  modules: readonly ModulePermissions[],
  granted: readonly string[],
): string[] {
  return modules.filter((m) => {
    const reads = m.permissions.filter((p) => p.startsWith(`${m.name}.`) && p.endsWith(".read"));
    const audit = `${m.name}.audit.read`;
    const needed = reads.includes(audit) ? [audit] : reads;
    return needed.some((p) => hasPermission(granted, p));
  }).map((m) => m.name);
}

const DAY = /^\d{4}-\d\d-\d\d$/;

/**
 * The bounds of a listing as instants: a `from` day starts at 00:00 UTC; a `to` day counts
 * whole, so it ends where the next day starts (the bound is exclusive).
 */
export function bounds(from?: string, to?: string): { from?: string; to?: string } {
  const at = (v: string, days: number) =>
    new Date(Date.parse(`${v}T00:00:00Z`) + days * 86_400_000).toISOString();
  return {
    from: from ? (DAY.test(from) ? at(from, 0) : new Date(from).toISOString()) : undefined,
    to: to ? (DAY.test(to) ? at(to, 1) : new Date(to).toISOString()) : undefined,
  };
}
