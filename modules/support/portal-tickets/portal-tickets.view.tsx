import {
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  Field,
  Filters,
  formatBytes,
  formatDateTime,
  Icon,
  RelativeTime,
  StateBadge,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Flash } from "../../../shared/http/form.ts";
import { DateTime } from "../../../ui/kit.ts";
import { PRIORITIES } from "../common/common.schemas.ts";
import type {
  ListQuery,
  PortalFile,
  PortalListItem,
  PortalMessage,
  PortalRating,
  PortalTicket,
} from "./portal-tickets.schemas.ts";
import "./portal-tickets.messages.ts";

/** The portal's ticket URLs of a workspace. */
export const portalTicketsPath = (slug: string, rest = "") =>
  `/portal/${encodeURIComponent(slug)}/tickets${rest}`;

/** Field errors of a form, by field name (texts already translated). */
export type Errors = Partial<Record<string, string>>;

const Styles = () => <link rel="stylesheet" href="/assets/portal-tickets.css" />;

function StatusLabel({ status }: { status: PortalTicket["status"] }) {
  const t = useT();
  return <StateBadge kind="ticket" value={status} label={t(`support.status.${status}`)} />;
}

/** The list of the customer's requests with its filters and "load more". */
export function PortalTicketList(
  { slug, items, nextCursor, query, companyShared, flash }: {
    slug: string;
    items: PortalListItem[];
    nextCursor: string | null;
    query: ListQuery;
    companyShared: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const base = portalTicketsPath(slug);
  const params = new URLSearchParams();
  if (query.whose !== "mine") params.set("whose", query.whose);
  if (query.status) params.set("status", query.status);
  const filtered = query.whose !== "mine" || !!query.status;
  return (
    <div class="portal-tickets">
      <Styles />
      <div class="portal-tickets-head">
        <h1>{t("support.portalTickets.title")}</h1>
        <Button href={portalTicketsPath(slug, "/new")} icon="plus">
          {t("support.portalTickets.new")}
        </Button>
      </div>
      <Toast flash={flash} />
      <Filters
        action={base}
        target="#portal-ticket-list"
        label={t("support.portalTickets.filters")}
      >
        {companyShared && (
          <Field label={t("support.portalTickets.whose")}>
            <select name="whose">
              <option value="mine" selected={query.whose === "mine"}>
                {t("support.portalTickets.mine")}
              </option>
              <option value="company" selected={query.whose === "company"}>
                {t("support.portalTickets.company")}
              </option>
            </select>
          </Field>
        )}
        <Field label={t("support.portalTickets.status")}>
          <select name="status">
            <option value="" selected={!query.status}>
              {t("support.portalTickets.anyStatus")}
            </option>
            {(["open", "solved", "closed"] as const).map((s) => (
              <option value={s} selected={query.status === s}>
                {t(`support.portalTickets.filter.${s}`)}
              </option>
            ))}
          </select>
        </Field>
      </Filters>
      <Card flush>
        <DataTable
          id="portal-ticket-list"
          label={t("support.portalTickets.title")}
          rows={items}
          columns={[
            {
              label: t("support.portalTickets.subject"),
              cell: (r) => (
                <a href={portalTicketsPath(slug, `/${r.id}`)} class="portal-ticket-link">
                  <span class="portal-ticket-subject">{r.subject}</span>
                  <span class="muted portal-ticket-number">{r.number}</span>
                </a>
              ),
            },
            {
              label: t("support.portalTickets.status"),
              cell: (r) => <StatusLabel status={r.status} />,
              same: (r) => r.status,
            },
            {
              label: t("support.portalTickets.opened"),
              cell: (r) => <RelativeTime at={r.createdAt} />,
              wide: true,
            },
            {
              label: t("support.portalTickets.updated"),
              cell: (r) => <RelativeTime at={r.updatedAt} />,
            },
          ]}
          empty={
            <EmptyState
              icon="inbox"
              title={t(
                filtered ? "support.portalTickets.noMatches" : "support.portalTickets.none",
              )}
              action={!filtered && (
                <Button href={portalTicketsPath(slug, "/new")} icon="plus">
                  {t("support.portalTickets.new")}
                </Button>
              )}
            />
          }
          more={nextCursor
            ? {
              href: `${base}?${new URLSearchParams([...params, ["cursor", nextCursor]])}`,
              label: t("support.portalTickets.more"),
            }
            : undefined}
        />
      </Card>
    </div>
  );
}

/**
 * The files chosen for a form: each upload streams to the portal at once (htmx, multipart)
 * and comes back as this box again, the files kept as hidden attachmentIds of the form.
 */
export function PendingFiles(
  { slug, files, hint, error }: {
    slug: string;
    files: PortalFile[];
    hint: string;
    error?: string;
  },
) {
  const t = useT();
  const { locale } = useReader();
  const upload = `/portal/${encodeURIComponent(slug)}/uploads`;
  // The files already chosen ride in the URL: the upload's body streams straight to storage.
  const keep = files.length ? `?keep=${files.map((f) => f.id).join(",")}` : "";
  return (
    <div id="portal-files" class="portal-files">
      <Field label={t("support.portalTickets.files")} hint={hint} error={error}>
        <input
          type="file"
          name="file"
          multiple
          hx-post={`${upload}${keep}`}
          hx-encoding="multipart/form-data"
          hx-trigger="change"
          hx-target="#portal-files"
          hx-swap="outerHTML"
          hx-indicator="#portal-files-progress"
        />
      </Field>
      <p id="portal-files-progress" class="htmx-indicator muted" aria-live="polite">
        <span class="spinner" aria-hidden="true"></span> {t("support.portalTickets.uploading")}
      </p>
      {files.length > 0 && (
        <ul class="portal-file-list">
          {files.map((f) => (
            <li>
              <Icon name="paperclip" size={14} />
              <span class="portal-file-name">{f.name}</span>
              <span class="muted">{formatBytes(locale, f.size)}</span>
              <input type="hidden" name="attachmentIds" value={f.id} />
              <button
                type="button"
                class="btn btn-ghost btn-sm"
                hx-post={`${upload}/drop`}
                hx-vals={JSON.stringify({ drop: f.id })}
                hx-target="#portal-files"
                hx-swap="outerHTML"
                aria-label={t("support.portalTickets.removeFile", { name: f.name })}
              >
                <Icon name="x" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface NewTicketValues {
  subject: string;
  description: string;
  priority: string;
}

/** The new-request form, with article suggestions under the subject as the customer types. */
export function NewTicketPage(
  { slug, values, errors, allowPriority, defaultPriority, files, fileHint, flash }: {
    slug: string;
    fileHint: string;
    values: NewTicketValues;
    errors: Errors;
    allowPriority: boolean;
    defaultPriority: string;
    files: PortalFile[];
    flash?: Flash;
  },
) {
  const t = useT();
  return (
    <div class="portal-tickets" id="portal-new-ticket">
      <Styles />
      <h1>{t("support.portalTickets.new")}</h1>
      <p class="muted">{t("support.portalTickets.newIntro")}</p>
      <Toast flash={flash} />
      <Card>
        <form method="post" action={portalTicketsPath(slug, "/new")} class="portal-form">
          <Field label={t("support.portalTickets.subject")} error={errors.subject}>
            <input
              type="text"
              name="subject"
              value={values.subject}
              maxLength={300}
              required
              autocomplete="off"
              hx-get={portalTicketsPath(slug, "/suggestions")}
              hx-trigger="input changed delay:300ms"
              hx-target="#portal-suggestions"
              hx-swap="outerHTML"
            />
          </Field>
          <Suggestions slug={slug} items={[]} />
          <Field label={t("support.portalTickets.description")} error={errors.description}>
            <textarea name="description" rows={8} maxLength={50_000}>{values.description}</textarea>
          </Field>
          {allowPriority && (
            <Field label={t("support.portalTickets.priority")} error={errors.priority}>
              <select name="priority">
                {PRIORITIES.map((p) => (
                  <option value={p} selected={(values.priority || defaultPriority) === p}>
                    {t(`support.priority.${p}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <PendingFiles slug={slug} files={files} hint={fileHint} error={errors.files} />
          <div class="portal-actions">
            <Button type="submit" icon="send">{t("support.portalTickets.submit")}</Button>
            <Button href={portalTicketsPath(slug)} variant="ghost">
              {t("support.portalTickets.cancel")}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

export interface Suggestion {
  id: string;
  title: string;
  snippetHtml: string;
  url: string;
}

/** Articles that may answer the subject; "This solved my problem" ends here, no ticket. */
export function Suggestions({ slug, items }: { slug: string; items: Suggestion[] }) {
  const t = useT();
  if (!items.length) return <div id="portal-suggestions" aria-live="polite"></div>;
  return (
    <div id="portal-suggestions" class="portal-suggestions" aria-live="polite">
      <p class="portal-suggestions-title">
        <Icon name="lightbulb" size={16} /> {t("support.portalTickets.suggestTitle")}
      </p>
      <ul>
        {items.map((a) => (
          <li>
            <a href={a.url} target="_blank" rel="noopener" class="portal-suggestion-title">
              {a.title}
            </a>
            {/* The search escapes the text and adds only <mark> (kb.search.service). */}
            <p class="muted" dangerouslySetInnerHTML={{ __html: a.snippetHtml }} />
            <button
              type="button"
              class="btn btn-secondary btn-sm"
              hx-post={portalTicketsPath(slug, "/deflect")}
              hx-vals={JSON.stringify({ articleId: a.id })}
              hx-target="#portal-new-ticket"
              hx-swap="outerHTML"
            >
              <Icon name="check" size={14} />
              <span>{t("support.portalTickets.solved")}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** After "This solved my problem": thanks, and no request. */
export function DeflectedThanks({ slug }: { slug: string }) {
  const t = useT();
  return (
    <div class="portal-tickets" id="portal-new-ticket">
      <Styles />
      <Card>
        <EmptyState
          icon="circle-check"
          title={t("support.portalTickets.thanks")}
          action={
            <Button href={portalTicketsPath(slug)} variant="secondary">
              {t("support.portalTickets.thanksBack")}
            </Button>
          }
        />
      </Card>
    </div>
  );
}

function AuthorName({ author }: { author: PortalMessage["author"] }) {
  const t = useT();
  if (author.kind === "you") return <>{t("support.portalTickets.you")}</>;
  if (author.kind === "customer") return <>{t("support.portalTickets.customer")}</>;
  if (author.kind === "agent" && author.name) return <>{author.name}</>;
  return <>{t("support.portalTickets.supportTeam")}</>;
}

function Message({ slug, ticketId, m }: { slug: string; ticketId: string; m: PortalMessage }) {
  const t = useT();
  const { locale } = useReader();
  const theirs = m.author.kind === "agent" || m.author.kind === "team";
  return (
    <li class={`portal-message${theirs ? " portal-message-team" : ""}`}>
      <header class="portal-message-head">
        <strong>
          <AuthorName author={m.author} />
        </strong>
        <span class="muted">
          <RelativeTime at={m.createdAt} />
        </span>
      </header>
      <div class="portal-message-body" dangerouslySetInnerHTML={{ __html: m.html }} />
      {m.files.length > 0 && (
        <ul class="portal-file-list">
          {m.files.map((f) => (
            <li>
              <Icon name="paperclip" size={14} />
              <a
                href={portalTicketsPath(slug, `/${ticketId}/files/${f.id}`)}
                aria-label={t("support.portalTickets.download", { name: f.name })}
                class="portal-file-name"
              >
                {f.name}
              </a>
              <span class="muted">{formatBytes(locale, f.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function RatingCard(
  { slug, ticketId, rating, canRate, errors }: {
    slug: string;
    ticketId: string;
    rating: PortalRating | null;
    canRate: boolean;
    errors: Errors;
  },
) {
  const t = useT();
  if (rating) {
    return (
      <Card title={t("support.portalTickets.rated")} id="portal-rating">
        <p>
          <Badge tone={rating.rating === "good" ? "green" : "red"}>
            {t(
              rating.rating === "good"
                ? "support.portalTickets.rateGood"
                : "support.portalTickets.rateBad",
            )}
          </Badge>{" "}
          <span class="muted">
            <RelativeTime at={rating.ratedAt} />
          </span>
        </p>
        {rating.comment && <p class="portal-rating-comment">{rating.comment}</p>}
      </Card>
    );
  }
  if (!canRate) return null;
  return (
    <Card title={t("support.portalTickets.rateTitle")} id="portal-rating">
      <form method="post" action={portalTicketsPath(slug, `/${ticketId}/rate`)} class="portal-form">
        <fieldset class="portal-rating-choice">
          <legend class="sr-only">{t("support.portalTickets.rateTitle")}</legend>
          <label>
            <input type="radio" name="rating" value="good" required />
            <Icon name="thumbs-up" size={16} /> {t("support.portalTickets.rateGood")}
          </label>
          <label>
            <input type="radio" name="rating" value="bad" />
            <Icon name="thumbs-down" size={16} /> {t("support.portalTickets.rateBad")}
          </label>
        </fieldset>
        {errors.rating && <p class="alert error" role="alert">{errors.rating}</p>}
        <Field label={t("support.portalTickets.rateComment")} error={errors.comment}>
          <textarea name="comment" rows={3} maxLength={2000}></textarea>
        </Field>
        <div class="portal-actions">
          <Button type="submit" icon="send">{t("support.portalTickets.rateSend")}</Button>
        </div>
      </form>
    </Card>
  );
}

/** One request: its facts, the public conversation, reply, close/reopen and rating. */
export function PortalTicketPage(
  { slug, ticket, messages, rating, reopenUntil, may, errors, flash, reply, files, fileHint }: {
    slug: string;
    fileHint: string;
    ticket: PortalTicket;
    messages: PortalMessage[];
    rating: PortalRating | null;
    reopenUntil: string | null;
    may: { reply: boolean; close: boolean; reopen: boolean; rate: boolean };
    errors: Errors;
    flash?: Flash;
    reply: string;
    files: PortalFile[];
  },
) {
  const t = useT();
  const { locale, timeZone } = useReader();
  const base = portalTicketsPath(slug, `/${ticket.id}`);
  const ended = ticket.status === "cozuldu" || ticket.status === "kapandi";
  return (
    <div class="portal-tickets">
      <Styles />
      <p class="portal-back">
        <a href={portalTicketsPath(slug)}>
          <Icon name="arrow-left" size={14} /> {t("support.portalTickets.back")}
        </a>
      </p>
      <div class="portal-tickets-head">
        <h1>{ticket.subject}</h1>
        <div class="portal-ticket-actions">
          {may.close && (
            <form method="post" action={`${base}/close`} class="inline">
              <Button type="submit" variant="secondary" icon="lock">
                {t("support.portalTickets.close")}
              </Button>
            </form>
          )}
          {ended && may.reopen && (
            <form method="post" action={`${base}/reopen`} class="inline">
              <Button type="submit" variant="secondary" icon="rotate-ccw">
                {t("support.portalTickets.reopen")}
              </Button>
            </form>
          )}
        </div>
      </div>
      <Toast flash={flash} />
      <dl class="portal-facts">
        <div>
          <dt>{t("support.portalTickets.number")}</dt>
          <dd>{ticket.number}</dd>
        </div>
        <div>
          <dt>{t("support.portalTickets.status")}</dt>
          <dd>
            <StatusLabel status={ticket.status} />
          </dd>
        </div>
        <div>
          <dt>{t("support.portalTickets.priority")}</dt>
          <dd>
            <StateBadge
              kind="priority"
              value={ticket.priority}
              label={t(`support.priority.${ticket.priority}`)}
            />
          </dd>
        </div>
        <div>
          <dt>{t("support.portalTickets.opened")}</dt>
          <dd>
            <DateTime at={ticket.createdAt} />
          </dd>
        </div>
        {ticket.assigneeName && (
          <div>
            <dt>{t("support.portalTickets.handledBy")}</dt>
            <dd>{ticket.assigneeName}</dd>
          </div>
        )}
      </dl>
      {ended && (reopenUntil || ticket.status === "kapandi") && (
        <p class="muted portal-reopen-note">
          {reopenUntil
            ? t("support.portalTickets.reopenUntil", {
              date: formatDateTime(locale, reopenUntil, timeZone),
            })
            : t("support.portalTickets.closedNote")}
        </p>
      )}
      <RatingCard
        slug={slug}
        ticketId={ticket.id}
        rating={rating}
        canRate={may.rate}
        errors={errors}
      />
      <Card title={t("support.portalTickets.conversation")}>
        <ol class="portal-conversation">
          {messages.map((m) => <Message slug={slug} ticketId={ticket.id} m={m} />)}
        </ol>
      </Card>
      {may.reply && (
        <Card title={t("support.portalTickets.reply")} id="portal-reply">
          <form method="post" action={`${base}/reply`} class="portal-form">
            <Field label={t("support.portalTickets.replyLabel")} error={errors.body}>
              <textarea name="body" rows={5} maxLength={20_000} required>{reply}</textarea>
            </Field>
            <PendingFiles slug={slug} files={files} hint={fileHint} error={errors.files} />
            <div class="portal-actions">
              <Button type="submit" icon="send">{t("support.portalTickets.send")}</Button>
            </div>
          </form>
        </Card>
      )}
    </div>
  );
}
