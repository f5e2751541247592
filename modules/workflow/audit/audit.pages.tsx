/** /workflow/admin/audit: the audit trail of processes, tasks and admin changes. */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import type { C } from "../../../shared/http/pages.ts";
import { page, tr } from "../../../ui/kit.ts";
import { auditGuard } from "./audit.routes.ts";
import { AuditCsvQuery } from "./audit.schemas.ts";
import { auditFilterChoices, listAudit } from "./audit.service.ts";
import { AuditFilters, type AuditFilterValues, AuditList } from "./audit.view.tsx";
import "./audit.messages.ts";

const BASE = "/workflow/admin/audit";
const PAGE_SIZE = 30;
const KEYS = ["category", "actorId", "instanceId", "definitionId", "from", "to"] as const;

/** The filters of the address; a value the API would refuse is left out rather than failing. */
function readValues(c: C): AuditFilterValues {
  const values: AuditFilterValues = {};
  for (const k of KEYS) {
    const v = c.req.query(k);
    if (v && AuditCsvQuery.shape[k].safeParse(v).success) values[k] = v;
  }
  if (values.from && values.to && values.from > values.to) delete values.to;
  return values;
}

const qs = (values: AuditFilterValues, extra: Record<string, string> = {}) => {
  const all: Record<string, string | undefined> = { ...values, ...extra };
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(all)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : "";
};

async function auditPage(c: C) {
  const t = tr(c);
  const actor = actorOf(c);
  const values = readValues(c);
  const cursor = c.req.query("cursor");
  let list;
  try {
    list = await listAudit(actor, { ...values, limit: PAGE_SIZE, cursor } as never);
  } catch {
    // A stale or forged cursor: start from the newest line again.
    list = await listAudit(actor, { ...values, limit: PAGE_SIZE } as never);
  }
  const choices = await auditFilterChoices(actor);
  const moreHref = list.nextCursor ? `${BASE}${qs(values, { cursor: list.nextCursor })}` : null;
  return await page(
    c,
    t("page.auditMonitor"),
    <>
      <AuditFilters
        action={BASE}
        values={values}
        people={choices.people}
        definitions={choices.definitions}
      />
      {values.instanceId && (
        <p>
          <a href={`${BASE}${qs({ ...values, instanceId: undefined })}`}>
            {t("workflow.audit.clearInstance")}
          </a>
        </p>
      )}
      <AuditList
        items={list.items}
        moreHref={moreHref}
        filtered={Object.keys(values).length > 0}
        csvHref={`/api/workflow/audit.csv${qs(values)}`}
      />
    </>,
    {
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t("workflow.audit.description"),
    },
  );
}

/** GET /workflow/admin/audit. */
export function mountAuditPages(app: Hono<AppEnv>) {
  app.get("/admin/audit", auditGuard[0], auditGuard[1], auditPage);
}
