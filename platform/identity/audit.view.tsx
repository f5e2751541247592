import {
  Button,
  DataTable,
  DateTime,
  EmptyState,
  Field,
  Filters,
  type Flash,
  Toast,
  useReader,
  useT,
} from "../../ui/kit.ts";
import "./audit.messages.ts";
import { registerAsset } from "../../ui/assets.ts";
import { IDENTITY_AUDIT_ACTIONS } from "./audit.rules.ts";
import { auditActionLabel, auditDetails } from "./audit.labels.lib.ts";
import type { AuditEntry, OperatorAuditEntry } from "./audit.schemas.ts";

registerAsset("audit.css", new URL("./assets/audit.css", import.meta.url));

/** The filters as the page keeps them in its URL (the same names as the API's query). */
export interface AuditQuery {
  actor?: string;
  email?: string;
  tenant?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** The query string of a filter set (empty values left out), optionally with more. */
export function auditSearch(q: AuditQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...q, ...extra })) if (v) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * The filter bar: person (a member of the workspace, or on the operators' view an e-mail and
 * a workspace), event kind, and a date range in the workspace's time zone.
 */
export function AuditFilters(
  { path, query, people, tenants }: {
    path: string;
    query: AuditQuery;
    /** The workspace's members (its own trail). */
    people?: { id: string; name: string; email: string }[];
    /** Every workspace (the operators' view). */
    tenants?: { id: string; name: string }[];
  },
) {
  const t = useT();
  return (
    <Filters action={path} target="#audit-results" label={t("ui.filters")}>
      {tenants && (
        <Field label={t("audit.workspace")}>
          <select name="tenant">
            <option value="" selected={!query.tenant}>{t("audit.allWorkspaces")}</option>
            {tenants.map((w) => (
              <option value={w.id} selected={query.tenant === w.id}>{w.name}</option>
            ))}
          </select>
        </Field>
      )}
      {people && (
        <Field label={t("audit.person")}>
          <select name="actor">
            <option value="" selected={!query.actor}>{t("audit.allPeople")}</option>
            {people.map((p) => (
              <option value={p.id} selected={query.actor === p.id}>
                {p.name ? `${p.name} (${p.email})` : p.email}
              </option>
            ))}
          </select>
        </Field>
      )}
      {tenants && (
        <Field label={t("audit.email")}>
          <input type="search" name="email" value={query.email ?? ""} maxLength={320} />
        </Field>
      )}
      <Field label={t("audit.event")}>
        <select name="action">
          <option value="" selected={!query.action}>{t("audit.allEvents")}</option>
          {IDENTITY_AUDIT_ACTIONS.map((a) => (
            <option value={a} selected={query.action === a}>{auditActionLabel(t, a)}</option>
          ))}
        </select>
      </Field>
      <Field label={t("audit.from")}>
        <input type="date" name="from" value={query.from ?? ""} />
      </Field>
      <Field label={t("audit.to")}>
        <input type="date" name="to" value={query.to ?? ""} />
      </Field>
    </Filters>
  );
}

/** The lines: when, (workspace,) who, what, the details before → after, and from where. */
export function AuditTable<T extends AuditEntry>(
  { rows, roles, workspace, more, flash }: {
    rows: T[];
    roles?: { key: string; name: string; builtin: boolean }[];
    /** The operators' view: a workspace column. */
    workspace?: boolean;
    more?: string;
    flash?: Flash;
  },
) {
  const t = useT();
  const { locale, timeZone } = useReader();
  const reader = { t, locale, timeZone, roles };
  return (
    <div id="audit-results">
      {flash && <Toast flash={flash} id="audit-flash" />}
      <DataTable
        id="audit"
        label={t("audit.title")}
        rows={rows}
        rowAttrs={(r) => ({ "data-action": r.action })}
        columns={[
          { label: t("audit.when"), cell: (r) => <DateTime at={r.occurredAt} /> },
          ...(workspace
            ? [{
              label: t("audit.workspace"),
              cell: (r: T) => (r as unknown as OperatorAuditEntry).tenantName,
            }]
            : []),
          {
            label: t("audit.person"),
            cell: (r) =>
              r.actorName || r.actorEmail
                ? (
                  <>
                    <strong>{r.actorName ?? r.actorEmail}</strong>
                    {r.actorName && r.actorEmail && (
                      <>
                        <br />
                        <span class="muted audit-email">{r.actorEmail}</span>
                      </>
                    )}
                  </>
                )
                : <span class="muted">{t("audit.platform")}</span>,
          },
          { label: t("audit.event"), cell: (r) => auditActionLabel(t, r.action) },
          {
            label: t("audit.details"),
            cell: (r) => {
              const lines = auditDetails(reader, r);
              return lines.length
                ? (
                  <ul class="audit-details">
                    {lines.map((line) => <li>{line}</li>)}
                  </ul>
                )
                : <span class="muted">—</span>;
            },
          },
          {
            label: t("audit.address"),
            cell: (r) => r.address ?? <span class="muted">—</span>,
          },
        ]}
        empty={
          <EmptyState icon="shield-check" title={t("audit.none")}>
            {t("audit.noneHint")}
          </EmptyState>
        }
        more={more ? { href: more, label: t("audit.more") } : undefined}
      />
    </div>
  );
}

/** The header's download: the CSV of the same filters. */
export function AuditExport({ href }: { href: string }) {
  const t = useT();
  return (
    <Button variant="secondary" icon="download" href={href} download="">
      {t("audit.export")}
    </Button>
  );
}

/** Long e-mails and addresses wrap instead of widening the page on a phone. */
export const AuditStyles = () => <link rel="stylesheet" href="/assets/audit.css" />;
