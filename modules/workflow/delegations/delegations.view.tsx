/** The delegations page: hand-overs given / received, and standing (absence) delegations. */
import {
  Badge,
  Button,
  Card,
  type Column,
  DataTable,
  DateTime,
  Dialog,
  EmptyState,
  Field,
  RelativeTime,
  UserChip,
  useT,
} from "../../../ui/kit.ts";
import { knownKey } from "../../../shared/i18n/i18n.ts";
import type { Handover, Standing } from "./delegations.schemas.ts";

export function HandoverTable(
  { rows, more }: { rows: Handover[]; more: string | null },
) {
  const t = useT();
  const columns: Column<Handover>[] = [
    {
      label: t("workflow.delegations.col.task"),
      cell: (r) => <a href={`/workflow/tasks/${r.taskId}`}>{r.taskName}</a>,
    },
    {
      label: t("workflow.delegations.col.what"),
      cell: (r) => <Badge tone="teal">{t(`workflow.delegations.event.${r.event}`)}</Badge>,
    },
    { label: t("workflow.delegations.col.from"), cell: (r) => <UserChip name={r.fromName} /> },
    { label: t("workflow.delegations.col.to"), cell: (r) => <UserChip name={r.toName} /> },
    {
      label: t("workflow.delegations.col.state"),
      // The state as stored (a check constraint keeps it to the known ones).
      cell: (r) =>
        t(knownKey(`workflow.tasks.state.${r.taskState}`, "workflow.tasks.state.created")),
      wide: true,
    },
    { label: t("workflow.delegations.col.when"), cell: (r) => <RelativeTime at={r.at} /> },
  ];
  return (
    <DataTable
      id="handovers"
      label={t("workflow.delegations.title")}
      columns={columns}
      rows={rows}
      empty={<EmptyState icon="forward" title={t("workflow.delegations.empty")} />}
      more={more ? { href: more, label: t("workflow.delegations.more") } : undefined}
    />
  );
}

export function StandingTable(
  { id, title, rows, me }: { id: string; title: string; rows: Standing[]; me: string },
) {
  const t = useT();
  const columns: Column<Standing>[] = [
    { label: t("workflow.delegations.col.from"), cell: (r) => <UserChip name={r.fromName} /> },
    {
      label: t("workflow.delegations.standing.to"),
      cell: (r) => <UserChip name={r.toName} />,
    },
    {
      label: t("workflow.delegations.col.period"),
      cell: (r) => (
        <span>
          <DateTime at={r.startsAt} /> – <DateTime at={r.endsAt} />
        </span>
      ),
    },
    {
      label: t("workflow.delegations.col.scope"),
      cell: (r) => r.definitionName ?? t("workflow.delegations.standing.all"),
      wide: true,
    },
    {
      label: t("workflow.delegations.col.status"),
      cell: (r) =>
        r.active
          ? <Badge tone="green">{t("workflow.delegations.standing.active")}</Badge>
          : <Badge tone="purple">{t("workflow.delegations.standing.planned")}</Badge>,
    },
  ];
  return (
    <Card title={title}>
      <DataTable
        id={id}
        label={title}
        columns={columns}
        rows={rows}
        empty={<p class="muted">{t("workflow.delegations.standing.empty")}</p>}
        actions={(r) =>
          (r.fromUser === me || r.createdBy === me) && (
            <form method="post" action={`/workflow/delegations/standing/${r.id}/revoke`}>
              <Button type="submit" variant="ghost" small icon="x">
                {t("workflow.delegations.standing.revoke")}
              </Button>
            </form>
          )}
      />
    </Card>
  );
}

export function StandingDialog(
  { people, definitions }: {
    people: { userId: string; name: string }[];
    definitions: { id: string; name: string }[];
  },
) {
  const t = useT();
  return (
    <Dialog
      id="new-standing"
      title={t("workflow.delegations.standing.new")}
      trigger={t("workflow.delegations.standing.new")}
      icon="plus"
      closeLabel={t("workflow.delegations.close")}
    >
      <form class="form" method="post" action="/workflow/delegations/standing">
        <Field label={t("workflow.delegations.standing.to")}>
          <select name="toUserId" required>
            {people.map((p) => <option value={p.userId}>{p.name}</option>)}
          </select>
        </Field>
        <Field label={t("workflow.delegations.standing.startsAt")}>
          <input type="datetime-local" name="startsAt" required />
        </Field>
        <Field label={t("workflow.delegations.standing.endsAt")}>
          <input type="datetime-local" name="endsAt" required />
        </Field>
        <Field label={t("workflow.delegations.standing.definition")}>
          <select name="definitionId">
            <option value="">{t("workflow.delegations.standing.all")}</option>
            {definitions.map((d) => <option value={d.id}>{d.name}</option>)}
          </select>
        </Field>
        <Field label={t("workflow.delegations.standing.reason")}>
          <input name="reason" maxLength={500} />
        </Field>
        <button type="submit" class="btn btn-primary">
          {t("workflow.delegations.standing.create")}
        </button>
      </form>
    </Dialog>
  );
}
