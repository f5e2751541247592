import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Button, Card, DataTable, RelativeTime, UserChip } from "../../../ui/kit.ts";
import type { Ticket } from "../tickets/tickets.schemas.ts";
import { PriorityBadge, SlaBadge } from "../common/ui.view.tsx";

/**
 * A home card listing tickets (number and subject, priority, SLA, due). Kit classes only: the
 * home page does not load the module's stylesheet.
 */
export function TicketsCard(
  { l, id, title, tickets, allHref, names }: {
    l: Locale;
    id: string;
    title: string;
    tickets: Ticket[];
    allHref: string;
    /** Assignee names, when the card shows who works each ticket. */
    names?: Map<string, string>;
  },
) {
  return (
    <Card
      title={title}
      flush
      actions={
        <Button href={allHref} variant="ghost" small>
          {t(l, "support.home.all")}
        </Button>
      }
    >
      <DataTable
        id={id}
        label={title}
        rows={tickets}
        columns={[
          {
            label: t(l, "support.home.ticket"),
            cell: (x) => (
              <span>
                <a href={`/support/tickets/${x.id}`}>{x.number}</a>
                <br />
                <span class="muted">{x.subject}</span>
              </span>
            ),
          },
          {
            label: t(l, "support.field.priority"),
            cell: (x) => <PriorityBadge l={l} priority={x.priority} />,
          },
          { label: t(l, "support.field.sla"), cell: (x) => <SlaBadge l={l} state={x.slaState} /> },
          ...(names
            ? [{
              label: t(l, "support.field.assignee"),
              cell: (x: Ticket) => (
                <UserChip
                  name={x.assigneeId ? names.get(x.assigneeId) : null}
                  none={t(l, "support.unassigned")}
                />
              ),
            }]
            : []),
          {
            label: t(l, "support.field.resolutionDue"),
            cell: (x) => <RelativeTime at={x.resolutionDue} />,
          },
        ]}
      />
    </Card>
  );
}
