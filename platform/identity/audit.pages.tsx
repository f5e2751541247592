import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import type { C } from "../../shared/http/pages.ts";
import { Problem } from "../../shared/http/problem.ts";
import { requireOperator, requirePermission } from "../../shared/rbac/permissions.ts";
import { type Flash, page, tr } from "../../ui/kit.ts";
import { auditRoles, listAudit, listOperatorAudit } from "./audit.service.ts";
import { listMembers } from "./admin.service.ts";
import { listTenants } from "./tenants.service.ts";
import { AUDIT_READ, AuditFilterQuery, OperatorAuditFilterQuery } from "./audit.schemas.ts";
import {
  AuditExport,
  AuditFilters,
  type AuditQuery,
  auditSearch,
  AuditStyles,
  AuditTable,
} from "./audit.view.tsx";
import "./audit.messages.ts";

const PAGE_SIZE = 50;

/** The query's filters as strings (what the form shows back). */
function rawQuery(c: C, keys: (keyof AuditQuery)[]): AuditQuery {
  const q: AuditQuery = {};
  for (const k of keys) {
    const v = (c.req.query(k) ?? "").trim();
    if (v) q[k] = v.slice(0, 320);
  }
  return q;
}

/**
 * Filters that do not parse (a date that is not one, an unknown kind) are not an error page:
 * the page says so and shows everything; a range whose end comes first says the same.
 */
function badFilters(c: C): Flash {
  return { kind: "error", text: tr(c)("audit.badDate") };
}

const crumbs = (c: C) => [{ label: tr(c)("nav.admin") }];

/** /admin/audit: the workspace's trail (owners and admins). */
async function auditPage(c: C) {
  const t = tr(c);
  const timeZone = c.var.timeZone ?? "UTC";
  let query = rawQuery(c, ["actor", "action", "from", "to"]);
  const parsed = AuditFilterQuery.safeParse(query);
  let flash: Flash | undefined;
  let list;
  const cursor = c.req.query("cursor") || undefined;
  try {
    if (!parsed.success) throw new Problem(400, "validation", "Bad Request");
    list = await listAudit(actorOf(c), { ...parsed.data, limit: PAGE_SIZE, cursor, timeZone });
  } catch (err) {
    if (!(err instanceof Problem) || err.status !== 400) throw err;
    flash = badFilters(c);
    query = {};
    list = await listAudit(actorOf(c), { limit: PAGE_SIZE, timeZone });
  }
  const members = await listMembers(actorOf(c), { limit: 200 });
  const people = members.map((m) => ({ id: m.id, name: m.name, email: m.email }));
  const more = list.nextCursor
    ? `/admin/audit${auditSearch(query, { cursor: list.nextCursor })}`
    : undefined;
  return await page(
    c,
    t("audit.title"),
    <>
      <AuditStyles />
      <AuditFilters path="/admin/audit" query={query} people={people} />
      <AuditTable rows={list.items} roles={await auditRoles(c.var)} more={more} flash={flash} />
    </>,
    {
      status: flash ? 400 : 200,
      crumbs: crumbs(c),
      description: t("audit.intro"),
      actions: <AuditExport href={`/api/admin/audit.csv${auditSearch(query)}`} />,
    },
  );
}

/** /admin/audit/all: every workspace's trail (platform operators). */
async function operatorPage(c: C) {
  const t = tr(c);
  const timeZone = c.var.timeZone ?? "UTC";
  let query = rawQuery(c, ["tenant", "email", "action", "from", "to"]);
  const parsed = OperatorAuditFilterQuery.safeParse(query);
  let flash: Flash | undefined;
  let list;
  const cursor = c.req.query("cursor") || undefined;
  try {
    if (!parsed.success) throw new Problem(400, "validation", "Bad Request");
    list = await listOperatorAudit(actorOf(c), {
      ...parsed.data,
      limit: PAGE_SIZE,
      cursor,
      timeZone,
    });
  } catch (err) {
    if (!(err instanceof Problem) || err.status !== 400) throw err;
    flash = badFilters(c);
    query = {};
    list = await listOperatorAudit(actorOf(c), { limit: PAGE_SIZE, timeZone });
  }
  const tenants = await listTenants(actorOf(c), { limit: 100 });
  const more = list.nextCursor
    ? `/admin/audit/all${auditSearch(query, { cursor: list.nextCursor })}`
    : undefined;
  return await page(
    c,
    t("audit.allTitle"),
    <>
      <AuditStyles />
      <AuditFilters path="/admin/audit/all" query={query} tenants={tenants} />
      <AuditTable rows={list.items} workspace more={more} flash={flash} />
    </>,
    {
      status: flash ? 400 : 200,
      crumbs: [...crumbs(c), { label: t("nav.tenants"), href: "/admin/tenants" }],
      description: t("audit.intro"),
      actions: <AuditExport href={`/api/admin/audit/all.csv${auditSearch(query)}`} />,
    },
  );
}

export const auditPages = new Hono<AppEnv>()
  .get("/audit", requirePermission(AUDIT_READ), (c) => auditPage(c))
  .get("/audit/all", requireOperator, (c) => operatorPage(c));
