import {
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  formatDate,
  RelativeTime,
  Toast,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Ticket } from "../tickets/tickets.schemas.ts";
import { type Flash, FormField, PriorityBadge, StatusBadge } from "../common/ui.view.tsx";
import type { Queue } from "./queues.schemas.ts";
import { ASSIGNMENT_MODES, type AssignmentMode } from "../assignment/assignment.rules.ts";

type Options = [string, string][];

/** The caller's own out-of-office flag: a checkbox, an optional end, and save. */
export function AvailabilityCard(
  { outOfOffice, until }: { outOfOffice: boolean; until: string | null },
) {
  const t = useT();
  const { locale, timeZone } = useReader();
  return (
    <Card title={t("support.ooo.title")} id="availability">
      <p class="muted">{t("support.ooo.lead")}</p>
      <p data-testid="ooo-state">
        {outOfOffice
          ? (until
            ? t("support.ooo.onUntil", { until: formatDate(locale, until, timeZone) })
            : t("support.ooo.on"))
          : t("support.ooo.off")}
      </p>
      <form method="post" action="/support/queues/availability" class="form-grid">
        <div class="field support-check">
          <label class="checks">
            <input
              id="ooo-flag"
              type="checkbox"
              name="outOfOffice"
              value="on"
              checked={outOfOffice}
            />
            <span>{t("support.ooo.flag")}</span>
          </label>
        </div>
        <FormField
          id="ooo-until"
          f={{ name: "until", labelKey: "support.ooo.until", type: "date" }}
          value={until ? until.slice(0, 10) : ""}
        />
        <div class="form-actions field-wide">
          <Button type="submit" variant="secondary" icon="save">{t("support.save")}</Button>
        </div>
      </form>
    </Card>
  );
}

/** Every team with its open and unassigned tickets. */
export function QueuesView(
  { queues, canAdmin, flash }: { queues: Queue[]; canAdmin: boolean; flash?: Flash },
) {
  const t = useT();
  return (
    <div id="queues">
      <Toast flash={flash} />
      <p class="muted">{t("support.queues.lead")}</p>
      <DataTable
        id="queue-list"
        label={t("page.queues")}
        rows={queues}
        columns={[
          {
            label: t("support.field.team"),
            cell: (q) => <a href={`/support/queues/${q.teamId}`}>{q.name}</a>,
          },
          { label: t("support.queues.open"), cell: (q) => String(q.open), numeric: true },
          {
            label: t("support.queues.unassigned"),
            cell: (q) =>
              q.unassigned > 0
                ? <Badge tone="amber">{String(q.unassigned)}</Badge>
                : String(q.unassigned),
            numeric: true,
          },
          {
            label: t("support.queues.mode"),
            cell: (q) => t(`support.assignment.mode.${q.mode}`),
            wide: true,
          },
        ]}
        actions={canAdmin
          ? (q) => (
            <Button
              href={`/support/queues/${q.teamId}/settings`}
              variant="ghost"
              small
              icon="settings"
              aria-label={`${t("support.assignment.settings")}: ${q.name}`}
            >
              {t("support.assignment.settings")}
            </Button>
          )
          : undefined}
        empty={<EmptyState icon="users" title={t("support.queues.empty")} />}
      />
    </div>
  );
}

/** One team's open tickets, unassigned first, oldest first. */
export function QueueView(
  { tickets, names, more }: {
    tickets: Ticket[];
    /** Assignee and customer names by id. */
    names: Map<string, string>;
    more?: string;
  },
) {
  const t = useT();
  return (
    <DataTable
      id="queue-tickets"
      label={t("page.tickets")}
      rows={tickets}
      columns={[
        {
          label: t("support.field.subject"),
          cell: (r) => (
            <a href={`/support/tickets/${r.id}`}>
              <span class="muted">{r.number}</span> {r.subject}
            </a>
          ),
        },
        {
          label: t("support.field.status"),
          cell: (r) => (
            <span class="support-badges">
              <StatusBadge status={r.status} />
              {r.pendingReason && <Badge tone="gray">{t("support.waiting.badge")}</Badge>}
            </span>
          ),
        },
        {
          label: t("support.field.priority"),
          cell: (r) => <PriorityBadge priority={r.priority} />,
          wide: true,
        },
        {
          label: t("support.field.assignee"),
          cell: (r) => (
            <UserChip
              name={r.assigneeId ? names.get(r.assigneeId) ?? null : null}
              none={t("support.unassigned")}
            />
          ),
        },
        {
          label: t("support.field.created"),
          cell: (r) => <RelativeTime at={r.createdAt} />,
          wide: true,
        },
      ]}
      empty={<EmptyState icon="inbox" title={t("support.queues.ticketsEmpty")} />}
      more={more ? { href: more, label: t("support.queues.more") } : undefined}
    />
  );
}

/** A member as the settings page shows them: name, availability, open tickets. */
export interface MemberLoad {
  name: string;
  away: boolean;
  open: number;
}

/** A team's assignment settings (mode and cap) and who it would assign to. */
export function AssignmentSettingsView(
  { teamId, mode, maxOpenPerAgent, members, flash, values }: {
    teamId: string;
    mode: AssignmentMode;
    maxOpenPerAgent: number | null;
    members: MemberLoad[];
    flash?: Flash;
    /** What was sent, after a refused save. */
    values?: Record<string, unknown>;
  },
) {
  const t = useT();
  const modes: Options = ASSIGNMENT_MODES.map((m) => [m, t(`support.assignment.mode.${m}`)]);
  return (
    <div id="assignment-settings" class="support-ticket-main">
      <Toast flash={flash} />
      <Card title={t("support.assignment.title")}>
        <p class="muted">{t("support.assignment.lead")}</p>
        <form method="post" action={`/support/queues/${teamId}/settings`} class="form-grid">
          <FormField
            id="as-mode"
            f={{
              name: "mode",
              labelKey: "support.assignment.mode",
              type: "select",
              options: modes,
            }}
            value={values?.mode ?? mode}
          />
          <FormField
            id="as-cap"
            f={{
              name: "maxOpenPerAgent",
              labelKey: "support.assignment.cap",
              type: "number",
              min: 1,
              max: 10000,
              hintKey: "support.assignment.capHint",
            }}
            value={values?.maxOpenPerAgent ?? maxOpenPerAgent}
          />
          <div class="form-actions field-wide">
            <Button type="submit" icon="save">{t("support.save")}</Button>
          </div>
        </form>
      </Card>
      <Card title={t("support.assignment.members")}>
        {members.length === 0
          ? <EmptyState icon="users" title={t("support.assignment.noMembers")} />
          : (
            <ul class="support-members">
              {members.map((m) => (
                <li>
                  <UserChip name={m.name} />
                  <Badge tone={m.away ? "amber" : "green"}>
                    {t(m.away ? "support.assignment.away" : "support.assignment.available")}
                  </Badge>
                  <span class="muted">{t("support.queues.open")}: {String(m.open)}</span>
                </li>
              ))}
            </ul>
          )}
      </Card>
    </div>
  );
}

/** The ticket page's team choice, beside the assignee form. */
export function TeamForm(
  { ticketId, teamId, teams }: { ticketId: string; teamId: string | null; teams: Options },
) {
  const t = useT();
  const action = `/support/tickets/${ticketId}/team`;
  return (
    <form
      class="support-assign"
      method="post"
      action={action}
      hx-post={action}
      hx-target="#content"
      hx-select="#content"
      hx-swap="outerHTML"
    >
      <FormField
        id="td-team"
        f={{
          name: "teamId",
          labelKey: "support.field.team",
          type: "select",
          emptyLabelKey: "support.team.none",
          options: teams,
        }}
        value={teamId}
      />
      <Button type="submit" variant="secondary" icon="users">{t("support.team.change")}</Button>
    </form>
  );
}
