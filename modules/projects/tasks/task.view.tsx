import type { VNode } from "preact";
import {
  Button,
  Card,
  Dialog,
  Field,
  formatBytes,
  Icon,
  IconButton,
  RelativeTime,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { TaskRow } from "./tasks.schemas.ts";
import type { StatusRow } from "../statuses/statuses.schemas.ts";
import type { MemberRow } from "../projects/projects.schemas.ts";
import type { AttachmentInfo } from "../attachments/attachments.lib.ts";
import { AssigneePicker } from "../assignees/assignees.view.tsx";
import {
  type Flash,
  flowNames,
  PRIORITY_VALUES,
  priorityLabel,
  Toast,
} from "../common/ui.view.tsx";

export interface CommentView {
  id: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  bodyHtml: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The task's fields, saved as soon as one changes (htmx), or with the save button without
 * script. `blockers` are the tasks the "blocked by" picker may offer: none that would make a
 * cycle (tasks.rules.ts blockerCandidates).
 */
export function TaskFields(
  { task, statuses, members, parents, blockers, canWrite, flash }: {
    task: TaskRow;
    statuses: StatusRow[];
    members: MemberRow[];
    parents: { id: string; title: string }[];
    blockers: { id: string; title: string }[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const action = `/projects/tasks/${task.id}`;
  const names = flowNames(t, statuses);
  return (
    <form
      id="task-fields"
      class="card"
      method="post"
      action={action}
      hx-post={action}
      hx-trigger="change"
      hx-target="#task-fields"
      hx-swap="outerHTML"
    >
      <header class="card-head">
        <h2 class="card-title">{t("projects.taskFields")}</h2>
      </header>
      <Toast flash={flash} />
      <fieldset disabled={!canWrite} class="pj-plain">
        <legend class="sr-only">{t("projects.taskFields")}</legend>
        <div class="form-grid">
          <Field label={t("projects.title")} wide>
            <input id="tf-title" name="title" value={task.title} required maxLength={300} />
          </Field>
          <Field label={t("projects.description")} wide>
            <textarea id="tf-desc" name="description" rows={4}>{task.description}</textarea>
          </Field>
          <Field label={t("projects.taskStatus")}>
            <select id="tf-status" name="statusId">
              {statuses.map((s) => (
                <option value={s.id} selected={s.id === task.statusId}>{names.get(s.id)}</option>
              ))}
            </select>
          </Field>
          <Field label={t("projects.priority")}>
            <select id="tf-prio" name="priority">
              {PRIORITY_VALUES.map((p) => (
                <option value={p} selected={p === task.priority}>{priorityLabel(t, p)}</option>
              ))}
            </select>
          </Field>
          <AssigneePicker task={task} members={members} />
          <Field label={t("projects.startDate")}>
            <input id="tf-start" type="date" name="startDate" value={task.startDate ?? ""} />
          </Field>
          <Field label={t("projects.dueDate")}>
            <input id="tf-due" type="date" name="dueDate" value={task.dueDate ?? ""} />
          </Field>
          <Field label={t("projects.estimate")}>
            <input
              id="tf-estimate"
              type="number"
              step="0.25"
              min="0"
              name="estimate"
              value={task.estimate === null ? "" : String(task.estimate)}
            />
          </Field>
          <Field label={t("projects.labels")} hint={t("projects.labelsHint")} wide>
            <input id="tf-labels" name="labels" value={task.labels.join(", ")} />
          </Field>
          <Field label={t("projects.parent")}>
            <select id="tf-parent" name="parentId">
              <option value="">—</option>
              {parents.map((s) => (
                <option value={s.id} selected={s.id === task.parentId}>{s.title}</option>
              ))}
            </select>
          </Field>
          <Field label={t("projects.blockedBy")} hint={t("projects.blockedByHint")}>
            <select
              id="tf-blocked"
              name="blockedBy"
              multiple
              size={Math.min(5, Math.max(2, blockers.length))}
            >
              {blockers.map((s) => (
                <option value={s.id} selected={task.blockedBy.includes(s.id)}>{s.title}</option>
              ))}
            </select>
          </Field>
        </div>
        <input type="hidden" name="blockedByPresent" value="1" />
        <div class="form-actions js-hide">
          <Button type="submit" icon="save">{t("projects.save")}</Button>
        </div>
      </fieldset>
    </form>
  );
}

export function Comments(
  { taskId, comments, me, canWrite, flash }: {
    taskId: string;
    comments: CommentView[];
    me: string;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const swap = { "hx-target": "#comments", "hx-swap": "outerHTML" };
  return (
    <section id="comments" class="card" aria-labelledby="comments-h">
      <header class="card-head">
        <h2 id="comments-h" class="card-title">
          {t("projects.comments")} <span class="muted">{comments.length || ""}</span>
        </h2>
      </header>
      <Toast flash={flash} />
      {comments.length === 0 && <p class="muted">{t("projects.noComments")}</p>}
      <ol class="pj-comments">
        {comments.map((c) => (
          <li id={`comment-${c.id}`} class="pj-comment">
            <p class="pj-comment-head">
              <UserChip name={c.authorName} none={t("projects.formerMember")} />
              <span class="muted">
                <RelativeTime at={c.createdAt} />
                {c.updatedAt !== c.createdAt && ` · ${t("projects.edited")}`}
              </span>
            </p>
            <div class="pj-markdown" dangerouslySetInnerHTML={{ __html: c.bodyHtml }}></div>
            {canWrite && c.authorId === me && (
              <details class="pj-comment-edit">
                <summary>{t("projects.editComment")}</summary>
                <form
                  method="post"
                  action={`/projects/comments/${c.id}`}
                  hx-post={`/projects/comments/${c.id}`}
                  {...swap}
                >
                  <Field label={t("projects.comment")}>
                    <textarea id={`ce-${c.id}`} name="body" rows={3} required>{c.body}</textarea>
                  </Field>
                  <div class="form-actions">
                    <Button type="submit" icon="save">{t("projects.save")}</Button>
                  </div>
                </form>
                <form
                  method="post"
                  action={`/projects/comments/${c.id}/delete`}
                  hx-post={`/projects/comments/${c.id}/delete`}
                  class="form-actions"
                  {...swap}
                >
                  <Button type="submit" variant="danger" icon="trash-2">
                    {t("projects.deleteComment")}
                  </Button>
                </form>
              </details>
            )}
          </li>
        ))}
      </ol>
      {canWrite && (
        <form
          class="pj-new-comment"
          method="post"
          action={`/projects/tasks/${taskId}/comments`}
          hx-post={`/projects/tasks/${taskId}/comments`}
          {...swap}
        >
          <Field label={t("projects.addComment")} hint={t("projects.mentionHelp")}>
            <textarea id="new-comment" name="body" rows={3} required></textarea>
          </Field>
          <div class="form-actions">
            <Button type="submit" icon="send">{t("projects.send")}</Button>
          </div>
        </form>
      )}
    </section>
  );
}

export function Attachments(
  { taskId, files, canWrite, flash }: {
    taskId: string;
    files: AttachmentInfo[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  const { locale: l } = useReader();
  const base = `/projects/tasks/${taskId}/attachments`;
  return (
    <section id="attachments" class="card" aria-labelledby="attachments-h">
      <header class="card-head">
        <h2 id="attachments-h" class="card-title">{t("projects.attachments")}</h2>
      </header>
      <Toast flash={flash} />
      {files.length === 0 && <p class="muted">{t("projects.noAttachments")}</p>}
      <ul class="pj-files">
        {files.map((f) => (
          <li>
            <Icon name="paperclip" size={16} />
            <a href={`${base}/${f.id}`} download={f.name} class="pj-break">{f.name}</a>
            <span class="muted">{formatBytes(l, f.size)}</span>
            {canWrite && (
              <form class="inline" method="post" action={`${base}/${f.id}/delete`}>
                <IconButton
                  type="submit"
                  icon="trash-2"
                  label={t("projects.deleteFile", { name: f.name })}
                />
              </form>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form
          class="pj-upload"
          method="post"
          action={base}
          enctype="multipart/form-data"
          data-target="#attachments"
          data-failed={t("projects.uploadFailed")}
        >
          <Field label={t("projects.attachFile")}>
            <input id="upload-file" type="file" name="file" multiple required />
          </Field>
          <div class="form-actions">
            <progress class="pj-progress" max={100} value={0} hidden>0%</progress>
            <Button type="submit" variant="secondary" icon="upload">
              {t("projects.upload")}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Which tasks this one blocks, as links. */
export function Dependencies(
  { blockedBy, blocks }: {
    blockedBy: { id: string; title: string }[];
    blocks: { id: string; title: string }[];
  },
) {
  const t = useT();
  const links = (items: { id: string; title: string }[]) => (
    <ul class="pj-links">
      {items.map((b) => (
        <li>
          <a href={`/projects/tasks/${b.id}`}>{b.title}</a>
        </li>
      ))}
    </ul>
  );
  return (
    <Card title={t("projects.dependencies")}>
      <h3 class="pj-sub">{t("projects.blockedBy")}</h3>
      {blockedBy.length ? links(blockedBy) : <p class="muted">{t("projects.blockedByNone")}</p>}
      <h3 class="pj-sub">{t("projects.blocks")}</h3>
      {blocks.length ? links(blocks) : <p class="muted">{t("projects.blocksNone")}</p>}
    </Card>
  );
}

/** The task's own actions: watch or stop watching, and delete (confirmed in a dialog). */
export function TaskActions(
  { task, canWrite, watching }: {
    task: TaskRow;
    canWrite: boolean;
    watching: boolean;
  },
) {
  const t = useT();
  return (
    <>
      <form class="inline" method="post" action={`/projects/tasks/${task.id}/watch`}>
        <input type="hidden" name="watch" value={watching ? "0" : "1"} />
        <Button
          type="submit"
          variant="secondary"
          icon={watching ? "eye-off" : "eye"}
          aria-pressed={watching ? "true" : "false"}
        >
          {watching ? t("projects.unwatch") : t("projects.watch")}
        </Button>
      </form>
      {canWrite && (
        <Dialog
          id="delete-task"
          title={t("projects.deleteTask")}
          trigger={t("projects.delete")}
          icon="trash-2"
          variant="danger"
          closeLabel={t("projects.close")}
        >
          <form method="post" action={`/projects/tasks/${task.id}/delete`}>
            <p>{t("projects.deleteTaskConfirm", { title: task.title })}</p>
            <div class="form-actions">
              <Button type="submit" variant="danger" icon="trash-2">
                {t("projects.deleteTask")}
              </Button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}

export function TaskPage(
  { fields, subtasks, dependencies, comments, attachments, history }: {
    fields: VNode;
    subtasks: VNode;
    dependencies: VNode;
    comments: VNode;
    attachments: VNode;
    history: VNode;
  },
) {
  const t = useT();
  return (
    <div class="pj-task-layout">
      <div class="pj-task-main">
        {fields}
        {subtasks}
        {comments}
      </div>
      <aside class="pj-task-side" aria-label={t("projects.taskSide")}>
        {dependencies}
        {attachments}
        {history}
      </aside>
    </div>
  );
}
