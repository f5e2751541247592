import type { Actor, SystemActor } from "../../shared/http/actor.ts";
import type { Sql } from "../../shared/db/database.ts";
import { withScope } from "../../shared/db/scope.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import { problems } from "../../shared/http/problem.ts";
import { type CsvColumn, toCsv } from "../../shared/http/csv.ts";
import { formatDateTime } from "../../ui/format.ts";
import { type ActivityEntry, listActivity, recordActivity } from "../activity/public.ts";
import { dayStartIn, IDENTITY_AUDIT_MODULE } from "./audit.rules.ts";
import { insertSignInFailure, selectOperatorAudit } from "./audit.repo.ts";
import { listRoles } from "./roles.repo.ts";
import {
  auditActionLabel,
  auditDetails,
  auditPerson,
  type AuditReader,
} from "./audit.labels.lib.ts";
import type {
  AuditEntry,
  AuditFilterQuery,
  OperatorAuditEntry,
  OperatorAuditFilterQuery,
} from "./audit.schemas.ts";

export { IDENTITY_AUDIT_ACTIONS, type IdentityAuditAction } from "./audit.rules.ts";

export interface AuditInput {
  /** One of IDENTITY_AUDIT_ACTIONS (audit.rules.ts), e.g. "member_role_changed". */
  action: string;
  /** One line in English for logs and the API ("Changed ayse@example.com's roles"). */
  summary: string;
  /** What the line is about: "user", "membership", "role", "tenant", "token", … */
  entityType: string;
  entityId: string;
  /** The client's address (clientAddress(c) in authentication.middleware.ts). */
  address?: string | null;
  /**
   * The state before (omit when created); never secrets or hashes. Fields the trail shows
   * (audit.labels.lib.ts): email, name, workspace, reason, method, device, roles, status,
   * permissions, description, locale, timeZone, accentColor, logo (true/false, never the
   * image), twoFactorPolicy, scopes, expiresAt, password (true: "changed").
   */
  before?: Record<string, unknown> | null;
  /** The state after (omit when removed); never secrets or hashes. */
  after?: Record<string, unknown> | null;
}

/**
 * Records one identity audit line (activity module "identity") in the caller's transaction:
 * tenant, actor and request id come from the transaction's scope, as for every activity line.
 * The transaction must have a tenant; a failed sign-in before any tenant is known goes through
 * `auditSignInFailure` instead.
 */
export async function auditIdentity(
  actor: Pick<SystemActor, "sql">,
  input: AuditInput,
): Promise<ActivityEntry> {
  return await recordActivity(actor, {
    module: IDENTITY_AUDIT_MODULE,
    entityType: input.entityType,
    entityId: input.entityId,
    action: input.action,
    summary: input.summary,
    before: input.before ?? null,
    after: input.after ?? null,
    address: input.address ? input.address.slice(0, 100) : null,
    ignore: [],
  });
}

/**
 * A successful sign-in (password, second factor, single sign-on, passkey: `action`), in a
 * short transaction of its own scoped to the person and the workspace they entered. `sql` is
 * the pool (platform.db.sql): at sign-in no request transaction has a tenant yet.
 */
export async function auditSignIn(
  sql: Sql,
  input: {
    user: { id: string; email: string };
    tenant: { id: string; name: string };
    address?: string | null;
    /** Default "sign_in"; others: sign_in_2fa, sign_in_sso, sign_in_passkey. */
    action?: string;
    /** How they signed in, in people's words if shown (e.g. the identity provider's name). */
    method?: string;
  },
): Promise<void> {
  await withScope(
    sql,
    { tenantId: input.tenant.id, userId: input.user.id },
    (tx) =>
      auditIdentity({ sql: tx }, {
        action: input.action ?? "sign_in",
        summary: `${input.user.email} signed in`,
        entityType: "user",
        entityId: input.user.id,
        address: input.address,
        after: {
          email: input.user.email,
          workspace: input.tenant.name,
          ...(input.method ? { method: input.method } : {}),
        },
      }),
  );
}

/**
 * A failed sign-in, recorded before any tenant or user is set, in a short transaction of its
 * own (`sql`: the pool): for an existing account into the workspace tried when the person
 * belongs to it, else their default one; an unknown e-mail records nothing (no workspace to
 * tell), though the lookup runs all the same so the answer takes as long.
 */
export async function auditSignInFailure(
  sql: Sql,
  input: {
    email: string;
    tenant?: string | null;
    defaultSlug: string;
    /** password, workspace, suspended (labelled on the page); others show as given. */
    reason: string;
    address?: string | null;
    requestId?: string | null;
  },
): Promise<string | null> {
  return await withScope(sql, {}, (tx) =>
    insertSignInFailure(tx, {
      email: input.email,
      tenant: input.tenant ?? null,
      defaultSlug: input.defaultSlug,
      summary: `Sign-in failed for ${input.email}`,
      after: { email: input.email, reason: input.reason },
      address: input.address ? input.address.slice(0, 100) : null,
      requestId: input.requestId ?? null,
    }));
}

/** The API's shape of a line (no request id, no module: always identity). */
function entryOf(e: ActivityEntry): AuditEntry {
  return {
    id: e.id,
    occurredAt: e.occurredAt,
    actorId: e.actorId,
    actorName: e.actorName,
    actorEmail: e.actorEmail,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId,
    summary: e.summary,
    address: e.address ?? null,
    before: e.before,
    after: e.after,
    changes: e.changes,
  };
}

/** Days of the filter → instants in the workspace's time zone (to: the day after, exclusive). */
function range(f: { from?: string; to?: string }, timeZone: string) {
  const from = f.from ? dayStartIn(f.from, timeZone) : undefined;
  const to = f.to ? dayStartIn(f.to, timeZone, 1) : undefined;
  if (from && to && from >= to) {
    throw problems.validation([{ path: "query.to", message: "The last day is before the first" }]);
  }
  return { from, to };
}

/** The workspace's identity trail, newest first, keyset-paged. */
export async function listAudit(
  { sql }: Pick<Actor, "sql">,
  input: AuditFilterQuery & { limit: number; cursor?: string; timeZone: string },
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const page = await listActivity({ sql }, {
    module: IDENTITY_AUDIT_MODULE,
    actorId: input.actor,
    action: input.action,
    ...range(input, input.timeZone),
    limit: input.limit,
    cursor: input.cursor,
  });
  return { items: page.items.map(entryOf), nextCursor: page.nextCursor };
}

/** Every workspace's identity trail (platform operators; the database checks the caller). */
export async function listOperatorAudit(
  { sql }: Pick<Actor, "sql">,
  input: OperatorAuditFilterQuery & { limit: number; cursor?: string; timeZone: string },
): Promise<{ items: OperatorAuditEntry[]; nextCursor: string | null }> {
  const key = decodeCursor(input.cursor, ["timestamp", "uuid"]) as [string, string] | null;
  const rows = await selectOperatorAudit(
    sql,
    {
      tenantId: input.tenant,
      actorEmail: input.email || undefined,
      action: input.action,
      ...range(input, input.timeZone),
    },
    input.limit,
    key,
  );
  const page = toPage(rows, input.limit, (r) => [r.sortAt, r.id]);
  return {
    items: page.items.map(({ sortAt: _, ...r }) => ({ ...r, address: r.address ?? null })),
    nextCursor: page.nextCursor,
  };
}

/** The most lines one CSV carries (newest first); X-Truncated says when there were more. */
export const CSV_MAX_ROWS = 20_000;
const CSV_PAGE = 1_000;

/** Reads pages until the end or the cap. */
async function allPages<T>(
  read: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && items.length < CSV_MAX_ROWS);
  return { items: items.slice(0, CSV_MAX_ROWS), truncated: !!cursor };
}

function columns<T extends AuditEntry>(r: AuditReader, workspace: boolean): CsvColumn<T>[] {
  const { t } = r;
  return [
    { header: t("audit.when"), value: (e) => formatDateTime(r.locale, e.occurredAt, r.timeZone) },
    ...(workspace
      ? [{
        header: t("audit.workspace"),
        value: (e: T) => (e as unknown as OperatorAuditEntry).tenantName,
      }]
      : []),
    { header: t("audit.person"), value: (e) => auditPerson(t, e) },
    { header: t("audit.event"), value: (e) => auditActionLabel(t, e.action) },
    { header: t("audit.details"), value: (e) => auditDetails(r, e).join("; ") },
    { header: t("audit.address"), value: (e) => e.address ?? "" },
  ];
}

/** The workspace's trail as CSV in the reader's words (same filters as the list). */
export async function auditCsv(
  { sql }: Pick<Actor, "sql">,
  input: AuditFilterQuery & { reader: Omit<AuditReader, "roles"> },
): Promise<{ csv: string; truncated: boolean }> {
  const reader = { ...input.reader, roles: await listRoles(sql) };
  const { items, truncated } = await allPages((cursor) =>
    listAudit({ sql }, { ...input, limit: CSV_PAGE, cursor, timeZone: reader.timeZone })
  );
  return { csv: toCsv(items, columns(reader, false)), truncated };
}

/** Every workspace's trail as CSV (platform operators). */
export async function operatorAuditCsv(
  { sql }: Pick<Actor, "sql">,
  input: OperatorAuditFilterQuery & { reader: Omit<AuditReader, "roles"> },
): Promise<{ csv: string; truncated: boolean }> {
  const { items, truncated } = await allPages((cursor) =>
    listOperatorAudit({ sql }, {
      ...input,
      limit: CSV_PAGE,
      cursor,
      timeZone: input.reader.timeZone,
    })
  );
  return { csv: toCsv(items, columns(input.reader, true)), truncated };
}

/** The workspace's roles, so custom roles read by their names. */
export async function auditRoles({ sql }: { sql: Sql }) {
  return await listRoles(sql);
}
