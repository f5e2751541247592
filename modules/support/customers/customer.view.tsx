import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Card, EmptyState, Timeline, type TimelineEntry } from "../../../ui/kit.ts";
import {
  type ActivityEntry,
  type HistoryLabels,
  timelineEntry,
} from "../../../platform/activity/public.ts";
import type { Customer, CustomerActivity } from "./customers.schemas.ts";
import { languageName } from "../common/ui.view.tsx";

const ICONS: Record<string, string> = {
  created: "plus",
  commented: "message-square",
  assigned: "user-check",
  closed: "lock",
  reopened: "rotate-ccw",
  reminded: "bell-ring",
  updated: "pencil",
  deleted: "trash-2",
};

/** A customer history line in the activity log's shape, so it reads like every history. */
function asEntry(h: CustomerActivity): ActivityEntry {
  const entityType = h.kind === "change" ? "customer" : h.kind === "comment" ? "ticket" : h.kind;
  return {
    id: h.id,
    occurredAt: h.at,
    actorId: h.actorId,
    actorName: h.actorName,
    actorEmail: null,
    module: "support",
    entityType,
    entityId: h.refId,
    action: h.action,
    summary: "",
    changes: (h.changes ?? {}) as ActivityEntry["changes"],
    before: null,
    after: null,
    requestId: null,
  };
}

/** The lines as Timeline entries: who, the verb, the ticket or contract, what changed. */
export function customerTimeline(
  l: Locale,
  items: CustomerActivity[],
  labels: HistoryLabels,
  names: ReadonlyMap<string, string>,
): TimelineEntry[] {
  return items.map((h) => {
    const entry = timelineEntry(l, asEntry(h), { labels, names });
    const href = h.kind === "ticket" || h.kind === "comment"
      ? `/support/tickets/${h.refId}`
      : h.kind === "contract"
      ? `/support/contracts?customerId=${encodeURIComponent(h.refId)}`
      : undefined;
    // Lines about a ticket or contract name it after the verb ("commented on T-2026-00012").
    const key = `support.customerHistory.${h.kind}.${h.action}`;
    const what = t(l, key);
    return {
      ...entry,
      what: what === key ? entry.what : what,
      icon: ICONS[h.action] ?? entry.icon,
      subject: h.about ? { label: h.about, href } : undefined,
      body: h.excerpt ?? undefined,
    };
  });
}

/** "Load more" of the history: appends the next lines and replaces itself. */
function MoreHistory({ l, href }: { l: Locale; href: string | null }) {
  if (!href) return <div id="customer-history-more"></div>;
  return (
    <div id="customer-history-more" class="load-more">
      <a
        class="btn btn-secondary"
        href={href}
        hx-get={href}
        hx-target="#customer-history .timeline"
        hx-select="#customer-history .timeline > li"
        hx-swap="beforeend"
        hx-select-oob="#customer-history-more"
        hx-push-url="false"
      >
        {t(l, "ui.loadMore")}
      </a>
    </div>
  );
}

/** A customer's profile and history (tickets, comments, contracts, edits). */
export function CustomerDetail(
  { l, customer, companyName, history, moreHref }: {
    l: Locale;
    customer: Customer;
    companyName: string | null;
    history: TimelineEntry[];
    moreHref: string | null;
  },
) {
  return (
    <div id="customer-detail" class="support-detail">
      <Card title={t(l, "support.customer.profile")}>
        <dl class="support-facts">
          <dt>{t(l, "support.field.kind")}</dt>
          <dd>{t(l, `support.kind.${customer.kind}`)}</dd>
          <dt>{t(l, "support.field.email")}</dt>
          <dd>
            {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : "—"}
          </dd>
          <dt>{t(l, "support.field.phone")}</dt>
          <dd>{customer.phone ?? "—"}</dd>
          <dt>{t(l, "support.field.locale")}</dt>
          <dd>{languageName(l, customer.locale)}</dd>
          <dt>{t(l, "support.field.company")}</dt>
          <dd>{companyName ?? "—"}</dd>
          {customer.notes && (
            <>
              <dt>{t(l, "support.field.notes")}</dt>
              <dd class="support-description">{customer.notes}</dd>
            </>
          )}
        </dl>
      </Card>
      <section id="customer-history" class="card" aria-labelledby="customer-history-heading">
        <header class="card-head">
          <h2 class="card-title" id="customer-history-heading">{t(l, "support.history")}</h2>
        </header>
        {history.length === 0
          ? <EmptyState icon="history" title={t(l, "support.customer.noHistory")} />
          : (
            <Timeline
              entries={history}
              label={t(l, "support.history")}
              systemName={t(l, "activity.system")}
            />
          )}
        <MoreHistory l={l} href={moreHref} />
      </section>
    </div>
  );
}
