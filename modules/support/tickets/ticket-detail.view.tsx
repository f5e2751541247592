import type { ComponentChildren } from "preact";
import type { Status } from "../common/common.schemas.ts";
import {
  Badge,
  Button,
  Card,
  DateTime,
  Dialog,
  EmptyState,
  Icon,
  RelativeTime,
  Toast,
  type Translate,
  UserChip,
  useT,
} from "../../../ui/kit.ts";
import type { Comment, Ticket } from "./tickets.schemas.ts";
import {
  type FieldDef,
  type Flash,
  FormField,
  PriorityBadge,
  SlaBadge,
  StatusBadge,
} from "../common/ui.view.tsx";
import { CannedReplyPicker, type MacroChoice } from "../macros/macros.view.tsx";
import type { ReplyDraft } from "../macros/macros.schemas.ts";
import { MergeDialog, MergedNote } from "../merge/merge.view.tsx";
import { Duration } from "../time/time.view.tsx";
import { FileList, ReplyOptions, TicketFiles } from "../attachments/attachments.view.tsx";
import type { TicketAttachment } from "../attachments/attachments.schemas.ts";
import { TeamForm } from "../queues/queues.view.tsx";
import { WaitingNote } from "../waiting/waiting.view.tsx";
import { KbPicker, ToArticleButton } from "../kb/kb.view.tsx";

const PRIORITIES = ["dusuk", "normal", "yuksek", "kritik"] as const;
type Options = [string, string][];

/** Every form of the ticket page answers with the page; htmx swaps its content in place. */
const post = (action: string) => ({
  method: "post",
  action,
  "hx-post": action,
  "hx-target": "#content",
  "hx-select": "#content",
  "hx-swap": "outerHTML",
});

const MOVE_ICONS: Record<string, string> = {
  islemde: "play",
  cozuldu: "check",
  kapandi: "lock",
  acik: "undo-2",
};

/** Forward moves first, going back last. */
const MOVE_ORDER: Status[] = ["islemde", "cozuldu", "kapandi", "acik"];

/** Reopening (from resolved or closed) has its own route, so the history says "reopened". */
const isReopen = (from: string, to: string) =>
  to === "acik" && (from === "cozuldu" || from === "kapandi");

function MoveButton({ ticket, to }: { ticket: Ticket; to: Status }) {
  const t = useT();
  const base = `/support/tickets/${ticket.id}`;
  if (isReopen(ticket.status, to)) {
    return (
      <form class="inline" {...post(`${base}/reopen`)}>
        <Button type="submit" variant="secondary" icon="rotate-ccw">
          {t("support.reopen")}
        </Button>
      </form>
    );
  }
  return (
    <form class="inline" {...post(`${base}/status`)}>
      <input type="hidden" name="from" value={ticket.status} />
      <input type="hidden" name="status" value={to} />
      <Button
        type="submit"
        variant={to === "cozuldu" ? "primary" : "secondary"}
        icon={MOVE_ICONS[to]}
        data-move={to}
      >
        {t(`support.move.${to}`)}
      </Button>
    </form>
  );
}

/** The fields of the edit dialog. */
function editFields(t: Translate): [string, FieldDef][] {
  return [
    ["td-subject", {
      name: "subject",
      labelKey: "support.field.subject",
      required: true,
      wide: true,
    }],
    ["td-priority", {
      name: "priority",
      labelKey: "support.field.priority",
      type: "select",
      options: PRIORITIES.map((p) => [p, t(`support.priority.${p}`)]),
    }],
    ["td-tags", {
      name: "tags",
      labelKey: "support.field.tags",
      hintKey: "support.field.tagsHint",
    }],
    ["td-description", {
      name: "description",
      labelKey: "support.field.description",
      type: "textarea",
    }],
  ];
}

/**
 * The page header's actions: the status moves the ticket allows and "Edit"; a closed ticket
 * is read-only, so it offers "Reopen" only.
 */
export function TicketActions(
  { ticket, next }: { ticket: Ticket; next: Status[] },
) {
  const t = useT();
  const closed = ticket.status === "kapandi";
  const values: Record<string, unknown> = {
    subject: ticket.subject,
    priority: ticket.priority,
    tags: ticket.tags.join(", "),
    description: ticket.description,
  };
  return (
    <>
      {MOVE_ORDER.filter((to) => next.includes(to) && !ticket.mergedIntoId).map((to) => (
        <MoveButton ticket={ticket} to={to} />
      ))}
      {!closed && <MergeDialog ticketId={ticket.id} />}
      {!closed && (
        <Dialog
          id="edit-ticket"
          title={t("support.tickets.edit")}
          trigger={t("support.edit")}
          icon="pencil"
          variant="secondary"
          closeLabel={t("ui.close")}
          wide
        >
          <form class="form-grid" {...post(`/support/tickets/${ticket.id}`)}>
            {editFields(t).map(([id, f]) => <FormField id={id} f={f} value={values[f.name]} />)}
            <div class="form-actions field-wide">
              <button type="submit" class="btn btn-primary">{t("support.save")}</button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}

function CommentItem(
  { c, files = [], canDelete = false, toArticle = false }: {
    c: Comment;
    /** The comment's files (an internal note's show only where the note does). */
    files?: TicketAttachment[];
    canDelete?: boolean;
    /** Offer "Turn into article" (public replies only). */
    toArticle?: boolean;
  },
) {
  const t = useT();
  const internal = c.visibility === "internal";
  return (
    <li class={`support-comment${internal ? " is-internal" : ""}`}>
      <p class="support-comment-head">
        <UserChip
          name={c.authorName ?? (c.channel === "email" ? c.fromAddress : null)}
          none={t("support.customer.someone")}
        />
        <RelativeTime at={c.createdAt} />
        {internal && <Badge tone="amber">{t("support.comment.internal")}</Badge>}
        {c.minutes && (
          <Badge tone="teal" title={t("support.time.spent")}>
            <Duration minutes={c.minutes} />
          </Badge>
        )}
      </p>
      {/* html is sanitized (Markdown) or escaped (text) by the service */}
      <div class="support-comment-body" dangerouslySetInnerHTML={{ __html: c.html }} />
      {c.channel === "email" && c.authorId && (
        <p class="support-comment-mail muted" data-testid="comment-emailed">
          <Icon name="mail" size={14} />
          <span>{t("support.reply.emailed")}</span>
          {c.cc.length > 0 && (
            <span class="support-break">
              {t("support.reply.ccList", { list: c.cc.join(", ") })}
            </span>
          )}
        </p>
      )}
      {c.channel === "email" && !c.authorId && (
        <p class="support-comment-mail muted" data-testid="comment-from-mail">
          <Icon name="mail" size={14} />
          <span>{t("support.mail.byEmail")}</span>
          {c.cc.length > 0 && (
            <span class="support-break">
              {t("support.reply.ccList", { list: c.cc.join(", ") })}
            </span>
          )}
          {c.inboundMessageId && (
            <a href={`/support/mail/${c.inboundMessageId}`} data-testid="view-original">
              {t("support.mail.viewOriginal")}
            </a>
          )}
        </p>
      )}
      <FileList ticketId={c.ticketId} files={files} canDelete={canDelete} />
      {toArticle && !internal && <ToArticleButton ticketId={c.ticketId} commentId={c.id} />}
    </li>
  );
}

function CommentForm(
  { ticketId, macros = [], draft, customerEmail = null }: {
    ticketId: string;
    /** The customer's address: replies go there by e-mail (a box ticked by default). */
    customerEmail?: string | null;
    /** Canned replies and macros for the picker. */
    macros?: MacroChoice[];
    draft?: ReplyDraft;
  },
) {
  const t = useT();
  const fields: [string, FieldDef][] = [
    ["td-comment", {
      name: "body",
      labelKey: "support.comment.body",
      type: "textarea",
      required: true,
    }],
    ["td-format", {
      name: "format",
      labelKey: "support.comment.format",
      type: "select",
      options: [["text", t("support.comment.text")], ["markdown", "Markdown"]],
    }],
    ["td-visibility", {
      name: "visibility",
      labelKey: "support.comment.visibility",
      type: "select",
      options: [
        ["public", t("support.comment.public")],
        ["internal", t("support.comment.internal")],
      ],
    }],
  ];
  fields.push(["td-minutes", {
    name: "minutes",
    labelKey: "support.time.minutes",
    type: "number",
    min: 1,
    max: 1440,
    hintKey: "support.time.minutesHint",
  }]);
  return (
    <>
      <KbPicker target="#td-comment" />
      <form
        class="form-grid support-comment-form"
        {...post(`/support/tickets/${ticketId}/comments`)}
      >
        <CannedReplyPicker ticketId={ticketId} macros={macros} />
        {fields.map(([id, f]) => (
          <FormField id={id} f={f} value={draft?.[f.name as keyof ReplyDraft]} />
        ))}
        <ReplyOptions ticketId={ticketId} customerEmail={customerEmail} />
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t("support.comment.add")}</button>
        </div>
      </form>
    </>
  );
}

function Fact(
  { label, children, testid }: { label: string; children: ComponentChildren; testid?: string },
) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testid}>{children}</dd>
    </>
  );
}

/** A due time, and when it was met. */
function Due({ due, done }: { due: string | null; done: string | null }) {
  const t = useT();
  if (!due) return <span class="muted">{t("support.sla.none")}</span>;
  return (
    <span class="support-due">
      <DateTime at={due} />
      {done && (
        <span class="support-met">
          <Icon name="check" size={14} label={t("support.sla.met")} />
          <RelativeTime at={done} />
        </span>
      )}
    </span>
  );
}

export function TicketDetailView(
  {
    ticket,
    customerName,
    assigneeName,
    comments,
    history,
    members,
    canWrite,
    flash,
    macros,
    draft,
    mergedInto,
    minutesTotal = 0,
    files = [],
    customerEmail = null,
    originalMailId = null,
    teams = [],
    satisfaction,
  }: {
    ticket: Ticket;
    customerName: string;
    assigneeName: string | null;
    comments: Comment[];
    /** The ticket's history (platform/activity's EntityHistory with Support's labels). */
    history: ComponentChildren;
    /** Who the ticket may be assigned to. */
    members: Options;
    canWrite: boolean;
    flash?: Flash;
    macros?: MacroChoice[];
    /** The reply box's text (after "Apply macro"). */
    draft?: ReplyDraft;
    /** A merged ticket: the ticket it was merged into. */
    mergedInto?: { id: string; number: string } | null;
    /** The time recorded on the ticket (minutes). */
    minutesTotal?: number;
    /** The ticket's files and its comments' (commentId says which). */
    files?: TicketAttachment[];
    customerEmail?: string | null;
    /** The received e-mail the ticket was opened from (its original is linked). */
    originalMailId?: string | null;
    /** The workspace's teams (queues), for the team fact and choice. */
    teams?: Options;
    /** The customer's rating (solved and closed tickets; satisfaction.view.tsx). */
    satisfaction?: ComponentChildren;
  },
) {
  const t = useT();
  const closed = ticket.status === "kapandi";
  return (
    <div id="ticket-detail" class="support-ticket" data-status={ticket.status}>
      <Toast flash={flash} />
      <div class="support-ticket-main">
        <Card title={ticket.subject}>
          <p class="support-badges">
            <StatusBadge status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
            <SlaBadge state={ticket.slaState} />
            {ticket.tags.map((x) => <Badge tone="purple">{x}</Badge>)}
          </p>
          {mergedInto && <MergedNote into={mergedInto} />}
          <WaitingNote ticket={ticket} canWrite={canWrite && !closed} />
          {ticket.description
            ? <p class="support-description">{ticket.description}</p>
            : <p class="muted">{t("support.tickets.noDescription")}</p>}
          {originalMailId && (
            <p class="support-comment-mail muted" data-testid="ticket-from-mail">
              <Icon name="mail" size={14} />
              <span>{t("support.mail.byEmail")}</span>
              <a href={`/support/mail/${originalMailId}`}>{t("support.mail.viewOriginal")}</a>
            </p>
          )}
        </Card>
        <section class="card" aria-labelledby="comments-heading">
          <header class="card-head">
            <h2 class="card-title" id="comments-heading">{t("support.comments")}</h2>
          </header>
          {comments.length === 0
            ? <EmptyState icon="message-square" title={t("support.comments.empty")} />
            : (
              <ol class="support-comments">
                {comments.map((c) => (
                  <CommentItem
                    c={c}
                    files={files.filter((f) => f.commentId === c.id)}
                    canDelete={canWrite && !closed}
                    toArticle={canWrite}
                  />
                ))}
              </ol>
            )}
          {canWrite && !closed && (
            <CommentForm
              ticketId={ticket.id}
              macros={macros}
              draft={draft}
              customerEmail={customerEmail}
            />
          )}
          {closed && (
            <p class="support-closed-note" data-testid="closed-note">
              <Icon name="lock" size={16} />
              <span>
                {t(
                  canWrite && !ticket.mergedIntoId
                    ? "support.tickets.closedReopen"
                    : "support.tickets.closed",
                )}
              </span>
            </p>
          )}
        </section>
        <TicketFiles
          ticketId={ticket.id}
          files={files.filter((f) => !f.commentId)}
          canWrite={canWrite && !closed}
        />
        {history}
      </div>
      <aside class="support-ticket-side" aria-label={t("support.tickets.details")}>
        <Card title={t("support.tickets.details")}>
          <dl class="support-facts">
            <Fact label={t("support.field.customer")}>
              <a href={`/support/customers/${ticket.customerId}`}>{customerName}</a>
            </Fact>
            <Fact label={t("support.field.assignee")} testid="assignee">
              <UserChip name={assigneeName} none={t("support.unassigned")} />
            </Fact>
            <Fact label={t("support.field.team")} testid="team">
              {teams.find(([id]) => id === ticket.teamId)?.[1] ??
                <span class="muted">{t("support.team.none")}</span>}
            </Fact>
            <Fact label={t("support.field.firstResponseDue")}>
              <Due due={ticket.firstResponseDue} done={ticket.firstRespondedAt} />
            </Fact>
            <Fact label={t("support.field.resolutionDue")}>
              <Due due={ticket.resolutionDue} done={ticket.resolvedAt} />
            </Fact>
            <Fact label={t("support.field.created")}>
              <RelativeTime at={ticket.createdAt} />
            </Fact>
            <Fact label={t("support.field.updated")}>
              <RelativeTime at={ticket.updatedAt} />
            </Fact>
            {minutesTotal > 0 && (
              <Fact label={t("support.time.total")} testid="time-total">
                <Duration minutes={minutesTotal} />
              </Fact>
            )}
            {ticket.closedAt && (
              <Fact label={t("support.field.closed")}>
                <RelativeTime at={ticket.closedAt} />
              </Fact>
            )}
          </dl>
          {canWrite && !closed && (
            <form class="support-assign" {...post(`/support/tickets/${ticket.id}/assign`)}>
              <FormField
                id="td-assignee"
                f={{
                  name: "assigneeId",
                  labelKey: "support.tickets.assignTo",
                  type: "select",
                  emptyLabelKey: "support.unassigned",
                  options: members,
                }}
                value={ticket.assigneeId}
              />
              <Button type="submit" variant="secondary" icon="user-check">
                {t("support.tickets.assign")}
              </Button>
            </form>
          )}
          {canWrite && !closed && (
            <TeamForm ticketId={ticket.id} teamId={ticket.teamId} teams={teams} />
          )}
        </Card>
        {satisfaction}
      </aside>
    </div>
  );
}
