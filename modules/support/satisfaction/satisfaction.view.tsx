import {
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  Field,
  Filters,
  formatDate,
  formatMonth,
  formatNumber,
  Grid,
  Icon,
  Kpi,
  RelativeTime,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Translate } from "../../../ui/kit.ts";
import type { Locale } from "../../../shared/i18n/i18n.ts";
import { PortalLayout } from "../portal/portal.view.tsx";
import type { PortalTenant } from "../portal/portal.rules.ts";
import {
  BUCKETS,
  COMMENT_MAX,
  GROUP_BY,
  type Rating,
  type SatisfactionItem,
  type SatisfactionReport,
  type SatisfactionRow,
  type TicketRating,
} from "./satisfaction.schemas.ts";
import "./satisfaction.messages.ts";

/** Good or bad as a coloured badge with its icon. */
export function RatingBadge({ rating }: { rating: Rating }) {
  const t = useT();
  return (
    <Badge tone={rating === "good" ? "green" : "red"}>
      <Icon name={rating === "good" ? "thumbs-up" : "thumbs-down"} size={14} />
      <span>{t(`support.rating.${rating}`)}</span>
    </Badge>
  );
}

// ---------------------------------------------------------------------------------------------
// The public page of a rating link.

export type RatePageState =
  | { kind: "form"; rating?: Rating; comment?: string; error?: string }
  | { kind: "thanks" | "rated" | "used" | "expired" | "notSolved" };

function RateForm(
  { action, state }: {
    action: string;
    state: { rating?: Rating; comment?: string; error?: string };
  },
) {
  const t = useT();
  return (
    <form method="post" action={action} class="rating-form" data-testid="rating-form">
      <fieldset class="rating-choices">
        <legend>{t("support.rating.question")}</legend>
        {(["good", "bad"] as const).map((r) => (
          <label class={`rating-choice rating-${r}`}>
            <input
              type="radio"
              name="rating"
              value={r}
              checked={state.rating === r}
              required
            />
            <Icon name={r === "good" ? "thumbs-up" : "thumbs-down"} size={22} />
            <span>{t(r === "good" ? "support.rating.goodLong" : "support.rating.badLong")}</span>
          </label>
        ))}
      </fieldset>
      <Field
        label={t("support.rating.comment")}
        hint={t("support.rating.commentHint")}
        wide
      >
        <textarea name="comment" rows={4} maxLength={COMMENT_MAX}>{state.comment ?? ""}</textarea>
      </Field>
      {state.error && (
        <p class="alert error" role="alert" data-testid="rating-error">{state.error}</p>
      )}
      <Button type="submit" icon="send">{t("support.rating.send")}</Button>
    </form>
  );
}

const NOTICE = {
  thanks: ["support.rating.thanks", "support.rating.thanksBody", "circle-check"],
  rated: ["support.rating.rated", "support.rating.ratedBody", "circle-check"],
  used: ["support.rating.used", "support.rating.usedBody", "link-2-off"],
  expired: ["support.rating.expired", "support.rating.expiredBody", "clock"],
  notSolved: ["support.rating.notSolved", "support.rating.notSolvedBody", "rotate-ccw"],
} as const;

/** /support/rate/<token>: the good/bad choice and a comment, or why it cannot be used. */
export function RatePage(
  { tenant, locale, ticket, action, state, rating }: {
    tenant: PortalTenant;
    locale: "en" | "tr";
    ticket: { number: string; subject: string };
    action: string;
    state: RatePageState;
    rating?: TicketRating | null;
  },
) {
  const t = useT();
  const vars = { number: ticket.number, subject: ticket.subject };
  return (
    <PortalLayout tenant={tenant} customer={null} locale={locale} title={t("support.rating.title")}>
      <link rel="stylesheet" href="/assets/support-satisfaction.css" />
      <section class="card rating-card" aria-labelledby="rating-title" data-state={state.kind}>
        {state.kind === "form"
          ? (
            <>
              <h1 id="rating-title">{t("support.rating.title")}</h1>
              <p class="rating-intro">{t("support.rating.intro", vars)}</p>
              <RateForm action={action} state={state} />
            </>
          )
          : (
            <div class="rating-notice" data-testid={`rating-${state.kind}`}>
              <Icon name={NOTICE[state.kind][2]} size={32} />
              <h1 id="rating-title">{t(NOTICE[state.kind][0])}</h1>
              <p>{t(NOTICE[state.kind][1], vars)}</p>
              {rating && (state.kind === "thanks" || state.kind === "rated") && (
                <div class="rating-given">
                  <RatingBadge rating={rating.rating} />
                  {rating.comment && <p class="rating-comment">{rating.comment}</p>}
                </div>
              )}
            </div>
          )}
      </section>
    </PortalLayout>
  );
}

/** A link that leads nowhere (unknown token): no workspace to show, so a bare page. */
export function UnknownLinkNotice() {
  const t = useT();
  return (
    <div class="rating-notice" data-testid="rating-unknown">
      <Icon name="link-2-off" size={32} />
      <p>{t("support.rating.unknownBody")}</p>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The agent's ticket page.

/** The customer's rating on the agent's ticket page (solved and closed tickets). */
export function TicketRatingCard({ rating }: { rating: TicketRating | null }) {
  const t = useT();
  return (
    <Card title={t("support.rating.onTicket")}>
      <div class="rating-on-ticket" data-testid="ticket-rating">
        {rating
          ? (
            <>
              <p>
                <RatingBadge rating={rating.rating} /> <RelativeTime at={rating.ratedAt} />
              </p>
              {rating.comment && <p class="rating-comment">{rating.comment}</p>}
            </>
          )
          : <p class="muted">{t("support.rating.none")}</p>}
      </div>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// The report.

function rowLabel(t: Translate, locale: Locale, report: SatisfactionReport, r: SatisfactionRow) {
  if (report.groupBy === "agent") return r.label ?? t("support.satisfaction.nobody");
  if (report.groupBy === "team") return r.label ?? t("support.satisfaction.noTeam");
  if (!r.key) return "—";
  if (report.bucket === "month") return formatMonth(locale, r.key);
  if (report.bucket === "week") {
    return t("support.satisfaction.weekOf", { date: formatDate(locale, r.key) });
  }
  return formatDate(locale, r.key);
}

function Score({ value }: { value: number | null }) {
  const { locale } = useReader();
  const t = useT();
  return value === null ? <span class="muted">{t("support.satisfaction.noScore")}</span> : (
    <span>
      {t("support.satisfaction.percent", { value: formatNumber(locale, value, value % 1 ? 1 : 0) })}
    </span>
  );
}

function ReportTable({ report }: { report: SatisfactionReport }) {
  const t = useT();
  const { locale } = useReader();
  return (
    <DataTable
      id="satisfaction-table"
      label={t("page.satisfactionReport")}
      rows={report.rows}
      columns={[
        {
          label: t(`support.satisfaction.${report.groupBy}`),
          cell: (r) =>
            report.groupBy === "agent"
              ? <UserChip name={rowLabel(t, locale, report, r)} />
              : rowLabel(t, locale, report, r),
        },
        { label: t("support.rating.good"), numeric: true, cell: (r) => r.good },
        { label: t("support.rating.bad"), numeric: true, cell: (r) => r.bad },
        { label: t("support.satisfaction.total"), numeric: true, wide: true, cell: (r) => r.total },
        {
          label: t("support.satisfaction.score"),
          numeric: true,
          cell: (r) => <Score value={r.score} />,
        },
      ]}
      empty={<EmptyState icon="smile" title={t("support.satisfaction.empty")} />}
    />
  );
}

function RecentComments({ items }: { items: SatisfactionItem[] }) {
  const t = useT();
  if (!items.length) {
    return <EmptyState icon="message-square" title={t("support.satisfaction.noComments")} />;
  }
  return (
    <ol class="rating-recent" data-testid="satisfaction-comments">
      {items.map((r) => (
        <li>
          <p class="rating-recent-head">
            <RatingBadge rating={r.rating} />
            <a href={`/support/tickets/${r.ticketId}`}>{r.ticketNumber}</a>
            <span class="muted">{r.customerName ?? ""}</span>
            <RelativeTime at={r.ratedAt} />
          </p>
          <p class="rating-comment">{r.comment}</p>
        </li>
      ))}
    </ol>
  );
}

/** The satisfaction report: grouping and period, the totals, the table, its CSV, comments. */
export function SatisfactionReportView(
  { report, comments }: { report: SatisfactionReport; comments: SatisfactionItem[] },
) {
  const t = useT();
  const qs = new URLSearchParams({
    groupBy: report.groupBy,
    bucket: report.bucket,
    from: report.from,
    to: report.to,
  });
  return (
    <div id="satisfaction-panel">
      <link rel="stylesheet" href="/assets/support-satisfaction.css" />
      <Filters
        action="/support/reports/satisfaction"
        target="#satisfaction-report"
        label={t("support.filters")}
      >
        <Field label={t("support.satisfaction.groupBy")}>
          <select id="satisfaction-group" name="groupBy">
            {GROUP_BY.map((g) => (
              <option value={g} selected={g === report.groupBy}>
                {t(`support.satisfaction.${g}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("support.satisfaction.bucket")}>
          <select id="satisfaction-bucket" name="bucket">
            {BUCKETS.map((b) => (
              <option value={b} selected={b === report.bucket}>
                {t(`support.satisfaction.${b}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("support.report.from")}>
          <input id="satisfaction-from" name="from" type="date" value={report.from} />
        </Field>
        <Field label={t("support.report.to")}>
          <input id="satisfaction-to" name="to" type="date" value={report.to} />
        </Field>
      </Filters>
      <div id="satisfaction-report">
        <Grid size="sm">
          <Kpi
            label={t("support.satisfaction.score")}
            icon="smile"
            hint={t("support.satisfaction.scoreHint")}
            value={
              <span data-testid="satisfaction-score">
                <Score value={report.totals.score} />
              </span>
            }
          />
          <Kpi label={t("support.rating.good")} icon="thumbs-up" value={report.totals.good} />
          <Kpi label={t("support.rating.bad")} icon="thumbs-down" value={report.totals.bad} />
          <Kpi label={t("support.satisfaction.total")} icon="hash" value={report.totals.total} />
        </Grid>
        <Card
          title={t("page.satisfactionReport")}
          flush
          actions={
            <Button
              href={`/support/reports/satisfaction.csv?${qs}`}
              variant="secondary"
              small
              icon="download"
            >
              {t("support.report.csv")}
            </Button>
          }
        >
          <ReportTable report={report} />
        </Card>
        <Card title={t("support.satisfaction.recent")}>
          <RecentComments items={comments} />
        </Card>
      </div>
    </div>
  );
}
