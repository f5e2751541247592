import { uuidv7 } from "uuidv7";
import type { Sql } from "../../shared/db/database.ts";
import { rowsOf } from "../../shared/db/rows.ts";
import type { OperatorAuditEntry, OperatorAuditFilter } from "./audit.schemas.ts";

// Identity audit lines are rows of the shared activity table (module 'identity'); within a
// tenant they are read and written through platform/activity. What crosses tenants goes
// through the security-definer functions of migration 0039.

/**
 * A failed sign-in of an existing account, before any tenant is set: written by
 * identity_audit_sign_in_failure into the workspace tried (when the person belongs to it) or
 * their default one. Answers the tenant written to, or null (no such account, no workspace).
 */
export async function insertSignInFailure(
  sql: Sql,
  f: {
    email: string;
    tenant: string | null;
    defaultSlug: string;
    summary: string;
    after: Record<string, unknown>;
    address: string | null;
    requestId: string | null;
  },
): Promise<string | null> {
  const [row] = await sql<{ tenantId: string | null }[]>`
    select identity_audit_sign_in_failure(${f.email}, ${f.tenant}, ${f.defaultSlug},
      ${uuidv7()}, ${f.summary}, ${sql.json(f.after as never)}, ${f.address}, ${f.requestId})
      as tenant_id`;
  return row.tenantId;
}

/** Every workspace's identity lines, newest first (operators only: the function checks). */
export async function selectOperatorAudit(
  sql: Sql,
  f: OperatorAuditFilter,
  limit: number,
  after: [string, string] | null,
): Promise<(OperatorAuditEntry & { sortAt: string })[]> {
  return await rowsOf<OperatorAuditEntry & { sortAt: string }>(sql`
    select tenant_id, tenant_slug, tenant_name, id, occurred_at, actor_id, actor_name,
      actor_email, entity_type, entity_id, action, summary, changes, before, after, address,
      sort_at
    from identity_operator_audit(${f.tenantId ?? null}, ${f.actorEmail ?? null},
      ${f.action ?? null}, ${f.from ?? null}, ${f.to ?? null}, ${after?.[0] ?? null},
      ${after?.[1] ?? null}, ${limit + 1})`);
}
