import { Button, Card, DataTable, useT } from "../../../ui/kit.ts";
import type { TaskRow } from "../tasks/tasks.schemas.ts";
import { PriorityBadge } from "../common/ui.view.tsx";
import { Due } from "../tasks/board.view.tsx";

/**
 * The home page's "My tasks due": the reader's open tasks, soonest due first, overdue ones in
 * red. Kit classes only: the home page does not load the module's stylesheet.
 */
export function MyTasksDueCard({ tasks }: { tasks: TaskRow[] }) {
  const t = useT();
  return (
    <Card
      title={t("projects.home.myTasksDue")}
      flush
      actions={
        <Button href="/projects/tasks?assigneeId=me&done=false&sort=due" variant="ghost" small>
          {t("projects.allMyTasks")}
        </Button>
      }
    >
      <DataTable
        id="home-my-tasks"
        label={t("projects.home.myTasksDue")}
        rows={tasks}
        columns={[
          {
            label: t("projects.task"),
            cell: (task) => (
              <span>
                <a href={`/projects/tasks/${task.id}`}>{task.title}</a>
                <br />
                <span class="muted">{task.projectName}</span>
              </span>
            ),
          },
          {
            label: t("projects.priority"),
            cell: (task) => <PriorityBadge p={task.priority} />,
          },
          {
            label: t("projects.dueDate"),
            cell: (task) => <Due task={task} badge />,
          },
        ]}
      />
    </Card>
  );
}
