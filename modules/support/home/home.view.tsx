import { Button, Card, DataTable, RelativeTime, UserChip, useT } from "../../../ui/kit.ts";
import type { Ticket } from "../tickets/tickets.schemas.ts";
import { PriorityBadge, SlaBadge } from "../common/ui.view.tsx";

/**
 * A home card listing tickets (number and subject, priority, SLA, due). Kit classes only: the
 * home page does not load the module's stylesheet.
 */
export function TicketsCard(
  { id, title, tickets, allHref, names }: {
    id: string;
    title: string;
    tickets: Ticket[];
    allHref: string;
    /** Assignee names, when the card shows who works each ticket. */
    names?: Map<string, string>;
  },
) {
  const t = useT();
  return (
    <Card
      title={title}
      flush
      actions={
        <Button href={allHref} variant="ghost" small>
          {t("support.home.all")}
        </Button>
      }
    >
      <DataTable
        id={id}
        label={title}
        rows={tickets}
        columns={[
          {
            label: t("support.home.ticket"),
            cell: (x) => (
              <span>
                <a href={`/support/tickets/${x.id}`}>{x.number}</a>
                <br />
                <span class="muted">{x.subject}</span>
              </span>
            ),
          },
          {
            label: t("support.field.priority"),
            cell: (x) => <PriorityBadge priority={x.priority} />,
          },
          { label: t("support.field.sla"), cell: (x) => <SlaBadge state={x.slaState} /> },
          ...(names
            ? [{
              label: t("support.field.assignee"),
              cell: (x: Ticket) => (
                <UserChip
                  name={x.assigneeId ? names.get(x.assigneeId) : null}
                  none={t("support.unassigned")}
                />
              ),
            }]
            : []),
          {
            label: t("support.field.resolutionDue"),
            cell: (x) => <RelativeTime at={x.resolutionDue} />,
          },
        ]}
      />
    </Card>
  );
}
