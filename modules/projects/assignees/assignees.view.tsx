import { Button, Card, Field, IconButton, UserChip, useT } from "../../../ui/kit.ts";
import type { TaskRow } from "../tasks/tasks.schemas.ts";

/** The task page's assignee field: several people, the first is the main assignee. */
export function AssigneePicker(
  { task, members }: { task: TaskRow; members: { userId: string; name: string }[] },
) {
  const t = useT();
  const chosen = new Set(task.assigneeIds ?? (task.assigneeId ? [task.assigneeId] : []));
  return (
    <Field label={t("projects.assignees")} hint={t("projects.assigneesHint")}>
      <select
        id="tf-assignee"
        name="assigneeIds"
        multiple
        size={Math.min(5, Math.max(2, members.length))}
      >
        {members.map((m) => (
          <option value={m.userId} selected={chosen.has(m.userId)}>{m.name}</option>
        ))}
      </select>
      <input type="hidden" name="assigneeIdsPresent" value="1" />
    </Field>
  );
}

/** A task's assignees, compact: the first two by name, then how many more. */
export function AssigneeChips(
  { task, compact, none }: { task: TaskRow; compact?: boolean; none?: string },
) {
  const t = useT();
  const people = task.assignees?.length
    ? task.assignees
    : task.assigneeName
    ? [{ id: task.assigneeId ?? "", name: task.assigneeName }]
    : [];
  if (!people.length) return <UserChip name={null} none={none} />;
  const shown = people.slice(0, compact ? 3 : 2);
  const rest = people.length - shown.length;
  return (
    <span class="pj-assignees">
      {shown.map((p) => <UserChip name={p.name} compact={compact} />)}
      {rest > 0 && <span class="muted">{t("projects.moreAssignees", { count: rest })}</span>}
    </span>
  );
}

/** The task's watchers; members and managers add or remove project members. */
export function WatchersCard(
  { taskId, watchers, members, canWrite }: {
    taskId: string;
    watchers: { userId: string; name: string }[];
    members: { userId: string; name: string }[];
    canWrite: boolean;
  },
) {
  const t = useT();
  const watching = new Set(watchers.map((w) => w.userId));
  const others = members.filter((m) => !watching.has(m.userId));
  const action = `/projects/tasks/${taskId}/watchers`;
  return (
    <Card title={t("projects.watchers")} id="watchers">
      {watchers.length === 0 && <p class="muted">{t("projects.noWatchers")}</p>}
      <ul class="pj-watchers">
        {watchers.map((w) => (
          <li>
            <UserChip name={w.name} />
            {canWrite && (
              <form method="post" action={`${action}/${w.userId}/delete`}>
                <IconButton
                  type="submit"
                  icon="x"
                  label={t("projects.removeWatcher", { name: w.name })}
                />
              </form>
            )}
          </li>
        ))}
      </ul>
      {canWrite && others.length > 0 && (
        <form method="post" action={action} class="pj-watcher-add">
          <Field label={t("projects.watcherPerson")}>
            <select id="watcher-add" name="userId">
              {others.map((m) => <option value={m.userId}>{m.name}</option>)}
            </select>
          </Field>
          <Button type="submit" variant="secondary" icon="user-plus">
            {t("projects.addWatcher")}
          </Button>
        </form>
      )}
    </Card>
  );
}
