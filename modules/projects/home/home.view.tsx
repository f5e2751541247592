import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import { Button, Card, DataTable } from "../../../ui/kit.ts";
import type { TaskRow } from "../tasks/tasks.schemas.ts";
import { PriorityBadge } from "../common/ui.view.tsx";
import { Due } from "../tasks/board.view.tsx";

/**
 * The home page's "My tasks due": the reader's open tasks, soonest due first, overdue ones in
 * red. Kit classes only: the home page does not load the module's stylesheet.
 */
export function MyTasksDueCard(
  { l, tasks }: { l: Locale; tasks: TaskRow[] },
) {
  return (
    <Card
      title={t(l, "projects.home.myTasksDue")}
      flush
      actions={
        <Button href="/projects/tasks?assigneeId=me&done=false&sort=due" variant="ghost" small>
          {t(l, "projects.allMyTasks")}
        </Button>
      }
    >
      <DataTable
        id="home-my-tasks"
        label={t(l, "projects.home.myTasksDue")}
        rows={tasks}
        columns={[
          {
            label: t(l, "projects.task"),
            cell: (task) => (
              <span>
                <a href={`/projects/tasks/${task.id}`}>{task.title}</a>
                <br />
                <span class="muted">{task.projectName}</span>
              </span>
            ),
          },
          {
            label: t(l, "projects.priority"),
            cell: (task) => <PriorityBadge l={l} p={task.priority} />,
          },
          {
            label: t(l, "projects.dueDate"),
            cell: (task) => <Due l={l} task={task} badge />,
          },
        ]}
      />
    </Card>
  );
}
