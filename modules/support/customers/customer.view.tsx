import { type Locale, textFor } from "../../../shared/i18n/i18n.ts";
import {
  Card,
  EmptyState,
  Timeline,
  type TimelineEntry,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import {
  type ActivityEntry,
  type HistoryLabels,
  timelineEntry,
} from "../../../platform/activity/public.ts";
import type { Customer, CustomerActivity } from "./customers.schemas.ts";
import { languageName } from "../common/language.lib.ts";

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
    const entry = timelineEntry((k, v) => textFor(l, k, v) ?? k, asEntry(h), { labels, names });
    const href = h.kind === "ticket" || h.kind === "comment"
      ? `/support/tickets/${h.refId}`
      : h.kind === "contract"
      ? `/support/contracts?customerId=${encodeURIComponent(h.refId)}`
      : undefined;
    // Lines about a ticket or contract name it after the verb ("commented on T-2026-00012").
    const key = `support.customerHistory.${h.kind}.${h.action}`;
    const what = textFor(l, key);
    return {
      ...entry,
      what: what ?? entry.what,
      icon: ICONS[h.action] ?? entry.icon,
      subject: h.about ? { label: h.about, href } : undefined,
      body: h.excerpt ?? undefined,
    };
  });
}

/** "Load more" of the history: appends the next lines and replaces itself. */
function MoreHistory({ href }: { href: string | null }) {
  const t = useT();
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
        {t("ui.loadMore")}
      </a>
    </div>
  );
}

/** A customer's profile and history (tickets, comments, contracts, edits). */
export function CustomerDetail(
  { customer, companyName, history, moreHref }: {
    customer: Customer;
    companyName: string | null;
    history: TimelineEntry[];
    moreHref: string | null;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  return (
    <div id="customer-detail" class="support-detail">
      <Card title={t("support.customer.profile")}>
        <dl class="support-facts">
          <dt>{t("support.field.kind")}</dt>
          <dd>{t(`support.kind.${customer.kind}`)}</dd>
          <dt>{t("support.field.email")}</dt>
          <dd>
            {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : "—"}
          </dd>
          <dt>{t("support.field.phone")}</dt>
          <dd>{customer.phone ?? "—"}</dd>
          <dt>{t("support.field.locale")}</dt>
          <dd>{languageName(l, customer.locale)}</dd>
          <dt>{t("support.field.company")}</dt>
          <dd>{companyName ?? "—"}</dd>
          {customer.notes && (
            <>
              <dt>{t("support.field.notes")}</dt>
              <dd class="support-description">{customer.notes}</dd>
            </>
          )}
        </dl>
      </Card>
      <section id="customer-history" class="card" aria-labelledby="customer-history-heading">
        <header class="card-head">
          <h2 class="card-title" id="customer-history-heading">{t("support.history")}</h2>
        </header>
        {history.length === 0
          ? <EmptyState icon="history" title={t("support.customer.noHistory")} />
          : (
            <Timeline
              entries={history}
              label={t("support.history")}
              systemName={t("activity.system")}
            />
          )}
        <MoreHistory href={moreHref} />
      </section>
    </div>
  );
}
