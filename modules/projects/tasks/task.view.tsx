import type { VNode } from "preact";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import type { TaskRow } from "./tasks.schemas.ts";
import type { StatusRow } from "../statuses/statuses.schemas.ts";
import type { MemberRow } from "../projects/projects.schemas.ts";
import type { AttachmentInfo } from "../attachments/attachments.link.ts";
import { type Flash, FlashMessage, PRIORITY_VALUES, priorityLabel } from "../common/ui.view.tsx";
import { TaskTable } from "./board.view.tsx";

export interface CommentView {
  id: string;
  authorId: string | null;
  authorName: string | null;
  body: string;
  bodyHtml: string;
  createdAt: string;
  updatedAt: string;
}

export function TaskFields(
  { l, task, statuses, members, siblings, canWrite, flash }: {
    l: Locale;
    task: TaskRow;
    statuses: StatusRow[];
    members: MemberRow[];
    siblings: { id: string; title: string }[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const action = `/projects/tasks/${task.id}`;
  const others = siblings.filter((s) => s.id !== task.id);
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
      <FlashMessage flash={flash} />
      <fieldset disabled={!canWrite}>
        <legend class="sr-only">{t(l, "projects.taskFields")}</legend>
        <label for="tf-title">{t(l, "projects.title")}</label>
        <input id="tf-title" name="title" value={task.title} required maxLength={300} />
        <label for="tf-desc">{t(l, "projects.description")}</label>
        <textarea id="tf-desc" name="description" rows={4}>{task.description}</textarea>
        <div class="pj-row">
          <span>
            <label for="tf-status">{t(l, "projects.taskStatus")}</label>
            <select id="tf-status" name="statusId">
              {statuses.map((s) => (
                <option value={s.id} selected={s.id === task.statusId}>{s.name}</option>
              ))}
            </select>
          </span>
          <span>
            <label for="tf-prio">{t(l, "projects.priority")}</label>
            <select id="tf-prio" name="priority">
              {PRIORITY_VALUES.map((p) => (
                <option value={p} selected={p === task.priority}>{priorityLabel(l, p)}</option>
              ))}
            </select>
          </span>
          <span>
            <label for="tf-assignee">{t(l, "projects.assignee")}</label>
            <select id="tf-assignee" name="assigneeId">
              <option value="">{t(l, "projects.unassigned")}</option>
              {members.map((m) => (
                <option value={m.userId} selected={m.userId === task.assigneeId}>{m.name}</option>
              ))}
            </select>
          </span>
        </div>
        <div class="pj-row">
          <span>
            <label for="tf-start">{t(l, "projects.startDate")}</label>
            <input id="tf-start" type="date" name="startDate" value={task.startDate ?? ""} />
          </span>
          <span>
            <label for="tf-due">{t(l, "projects.dueDate")}</label>
            <input id="tf-due" type="date" name="dueDate" value={task.dueDate ?? ""} />
          </span>
          <span>
            <label for="tf-estimate">{t(l, "projects.estimate")}</label>
            <input
              id="tf-estimate"
              type="number"
              step="0.25"
              min="0"
              name="estimate"
              value={task.estimate === null ? "" : String(task.estimate)}
            />
          </span>
        </div>
        <label for="tf-labels">{t(l, "projects.labels")}</label>
        <input id="tf-labels" name="labels" value={task.labels.join(", ")} />
        <div class="pj-row">
          <span>
            <label for="tf-parent">{t(l, "projects.parent")}</label>
            <select id="tf-parent" name="parentId">
              <option value="">—</option>
              {others.map((s) => (
                <option value={s.id} selected={s.id === task.parentId}>{s.title}</option>
              ))}
            </select>
          </span>
          <span>
            <label for="tf-blocked">{t(l, "projects.blockedBy")}</label>
            <select id="tf-blocked" name="blockedBy" multiple size={4}>
              {others.map((s) => (
                <option value={s.id} selected={task.blockedBy.includes(s.id)}>{s.title}</option>
              ))}
            </select>
          </span>
        </div>
        <input type="hidden" name="blockedByPresent" value="1" />
        <p class="js-hide">
          <button type="submit">{t(l, "projects.save")}</button>
        </p>
      </fieldset>
    </form>
  );
}

export function Comments(
  { l, taskId, comments, me, canWrite, flash }: {
    l: Locale;
    taskId: string;
    comments: CommentView[];
    me: string;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const swap = { "hx-target": "#comments", "hx-swap": "outerHTML" };
  return (
    <section id="comments" aria-labelledby="comments-h">
      <h2 id="comments-h">{t(l, "projects.comments")}</h2>
      <FlashMessage flash={flash} />
      {comments.length === 0 && <p class="muted">{t(l, "projects.noComments")}</p>}
      <ol class="pj-comments">
        {comments.map((c) => (
          <li id={`comment-${c.id}`} class="card">
            <p class="muted">
              <strong>{c.authorName ?? "—"}</strong> ·{" "}
              <time dateTime={c.createdAt}>{c.createdAt.slice(0, 16).replace("T", " ")}</time>
              {c.updatedAt !== c.createdAt && ` · ${t(l, "projects.edited")}`}
            </p>
            <div class="pj-markdown" dangerouslySetInnerHTML={{ __html: c.bodyHtml }}></div>
            {canWrite && c.authorId === me && (
              <details>
                <summary>{t(l, "projects.editComment")}</summary>
                <form
                  method="post"
                  action={`/projects/comments/${c.id}`}
                  hx-post={`/projects/comments/${c.id}`}
                  {...swap}
                >
                  <label for={`ce-${c.id}`}>{t(l, "projects.comment")}</label>
                  <textarea id={`ce-${c.id}`} name="body" rows={3} required>{c.body}</textarea>
                  <button type="submit">{t(l, "projects.save")}</button>
                </form>
                <form
                  method="post"
                  action={`/projects/comments/${c.id}/delete`}
                  hx-post={`/projects/comments/${c.id}/delete`}
                  {...swap}
                >
                  <button type="submit" class="secondary">{t(l, "projects.delete")}</button>
                </form>
              </details>
            )}
          </li>
        ))}
      </ol>
      {canWrite && (
        <form
          method="post"
          action={`/projects/tasks/${taskId}/comments`}
          hx-post={`/projects/tasks/${taskId}/comments`}
          {...swap}
        >
          <label for="new-comment">{t(l, "projects.addComment")}</label>
          <textarea id="new-comment" name="body" rows={3} required></textarea>
          <p class="muted">{t(l, "projects.mentionHelp")}</p>
          <button type="submit">{t(l, "projects.send")}</button>
        </form>
      )}
    </section>
  );
}

export function Attachments(
  { l, taskId, files, canWrite, flash }: {
    l: Locale;
    taskId: string;
    files: AttachmentInfo[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const base = `/projects/tasks/${taskId}/attachments`;
  return (
    <section id="attachments" aria-labelledby="attachments-h">
      <h2 id="attachments-h">{t(l, "projects.attachments")}</h2>
      <FlashMessage flash={flash} />
      {files.length === 0 && <p class="muted">{t(l, "projects.noAttachments")}</p>}
      <ul>
        {files.map((f) => (
          <li>
            <a href={`${base}/${f.id}`} download={f.name}>{f.name}</a>{" "}
            <span class="muted">({Math.ceil(f.size / 1024)} KB)</span>
            {canWrite && (
              <form class="inline" method="post" action={`${base}/${f.id}/delete`}>
                <button type="submit" class="secondary">{t(l, "projects.delete")}</button>
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
        >
          <label for="upload-file">{t(l, "projects.attachFile")}</label>
          <input id="upload-file" type="file" name="file" multiple required />
          <button type="submit">{t(l, "projects.upload")}</button>
          <progress class="pj-progress" max={100} value={0} hidden>0%</progress>
        </form>
      )}
    </section>
  );
}

export function TaskPage(
  { l, task, fields, subtasks, blocks, comments, attachments, history, canWrite, watching }: {
    l: Locale;
    task: TaskRow;
    fields: VNode;
    subtasks: TaskRow[];
    blocks: { id: string; title: string }[];
    comments: VNode;
    attachments: VNode;
    history: VNode;
    canWrite: boolean;
    watching: boolean;
  },
) {
  return (
    <div class="pj-task">
      <p>
        <a href={`/projects/projects/${task.projectId}`}>{task.projectName}</a>
        {task.parentId && (
          <>
            {" › "}
            <a href={`/projects/tasks/${task.parentId}`}>{t(l, "projects.parent")}</a>
          </>
        )}
      </p>
      <form class="inline" method="post" action={`/projects/tasks/${task.id}/watch`}>
        <input type="hidden" name="watch" value={watching ? "0" : "1"} />
        <button type="submit" class="secondary" aria-pressed={watching ? "true" : "false"}>
          {watching ? t(l, "projects.unwatch") : t(l, "projects.watch")}
        </button>
      </form>
      {fields}
      <section aria-labelledby="deps-h">
        <h2 id="deps-h">{t(l, "projects.dependencies")}</h2>
        {blocks.length === 0 ? <p class="muted">{t(l, "projects.blocksNone")}</p> : (
          <p>
            {t(l, "projects.blocks")}:{" "}
            {blocks.map((b) => <a href={`/projects/tasks/${b.id}`}>{b.title}</a>)}
          </p>
        )}
      </section>
      <section aria-labelledby="subtasks-h">
        <h2 id="subtasks-h">{t(l, "projects.subtasks")}</h2>
        <TaskTable l={l} tasks={subtasks} />
        {canWrite && (
          <form
            class="toolbar"
            method="post"
            action={`/projects/projects/${task.projectId}/tasks`}
          >
            <input type="hidden" name="parentId" value={task.id} />
            <label for="sub-title">{t(l, "projects.newSubtask")}</label>
            <input id="sub-title" name="title" required maxLength={300} />
            <button type="submit">{t(l, "projects.addTask")}</button>
          </form>
        )}
      </section>
      {comments}
      {attachments}
      {history}
      {canWrite && (
        <form method="post" action={`/projects/tasks/${task.id}/delete`} class="card">
          <button type="submit" class="secondary">{t(l, "projects.deleteTask")}</button>
        </form>
      )}
    </div>
  );
}
