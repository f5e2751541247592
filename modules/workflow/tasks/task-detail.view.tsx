/** The task page: details, the form, actions, comments, attachments and history. */
import { knownKey } from "../../../shared/i18n/i18n.ts";
import {
  Button,
  Card,
  DateTime,
  Dialog,
  Field,
  type Flash,
  FlashMessage,
  formatBytes,
  Grid,
  Timeline,
  type TimelineEntry,
  type Translate,
  UserChip,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { FormField, TaskDetail } from "./tasks.schemas.ts";
import { Due, PriorityBadge, TaskStateBadge } from "./tasks.view.tsx";
import { FormViewer } from "../forms/forms.view.tsx";

export interface FileInfo {
  id: string;
  name: string;
  size: number;
}

/** Forms answer with the page; htmx swaps the content in place (plain posts work too). */
const post = (action: string) => ({
  method: "post",
  action,
  "hx-post": action,
  "hx-target": "#content",
  "hx-select": "#content",
  "hx-swap": "outerHTML",
});

function FormInput(
  { f, value, disabled }: { f: FormField; value: unknown; disabled: boolean },
) {
  const t = useT();
  const name = `f.${f.id}`;
  const v = value === undefined || value === null ? f.defaultValue ?? "" : String(value);
  if (f.type === "boolean") {
    return (
      <label class="check">
        <input
          type="checkbox"
          name={name}
          value="true"
          checked={v === "true"}
          disabled={disabled}
        />{" "}
        {f.label}
      </label>
    );
  }
  const control = f.type === "enum"
    ? (
      <select name={name} required={f.required} disabled={disabled}>
        <option value="">{t("workflow.tasks.form.choose")}</option>
        {(f.values ?? []).map((o) => <option value={o.id} selected={o.id === v}>{o.name}</option>)}
      </select>
    )
    : (
      <input
        name={name}
        type={(f.type === "long" ? "number" : f.type === "date" ? "date" : "text") as "text"}
        step={f.type === "long" ? 1 : undefined}
        value={f.type === "date" ? v.slice(0, 10) : v}
        required={f.required}
        disabled={disabled}
      />
    );
  return <Field label={`${f.label}${f.required ? " *" : ""}`}>{control}</Field>;
}

function Actions({ task }: { task: TaskDetail }) {
  const t = useT();
  const base = `/workflow/tasks/${task.id}`;
  const act = (path: string, label: string, icon: string, variant = "secondary") => (
    <form class="inline" {...post(`${base}/${path}`)}>
      <Button type="submit" variant={variant as "secondary"} icon={icon}>{label}</Button>
    </form>
  );
  return (
    <div class="toolbar">
      {task.can.claim && act("claim", t("workflow.tasks.claim"), "hand", "primary")}
      {task.can.unclaim && act("unclaim", t("workflow.tasks.unclaim"), "undo-2")}
      {task.can.cancel && act("cancel", t("workflow.tasks.cancelTask"), "x", "danger")}
    </div>
  );
}

export function DelegateDialog(
  { task, people }: { task: TaskDetail; people: { userId: string; name: string }[] },
) {
  const t = useT();
  if (!task.can.delegate && !task.can.reassign) return null;
  return (
    <Dialog
      id="delegate-task"
      title={t("workflow.tasks.delegate.title")}
      trigger={t("workflow.tasks.delegate")}
      icon="forward"
      variant="secondary"
      closeLabel={t("workflow.tasks.cancel.dialog")}
    >
      <form class="form" method="post" action={`/workflow/tasks/${task.id}/delegate`}>
        <Field label={t("workflow.tasks.delegate.to")}>
          <select name="toUserId" required>
            {people.filter((p) => p.userId !== task.assignee).map((p) => (
              <option value={p.userId}>{p.name}</option>
            ))}
          </select>
        </Field>
        <Field label={t("workflow.tasks.delegate.mode")}>
          <select name="mode">
            {task.can.delegate && (
              <option value="delegate">{t("workflow.tasks.delegate.mode.delegate")}</option>
            )}
            {task.can.reassign && (
              <option value="reassign">{t("workflow.tasks.delegate.mode.reassign")}</option>
            )}
          </select>
        </Field>
        <Field label={t("workflow.tasks.delegate.note")}>
          <textarea name="note" rows={2} maxLength={2000}></textarea>
        </Field>
        <button type="submit" class="btn btn-primary">{t("workflow.tasks.delegate.submit")}</button>
      </form>
    </Dialog>
  );
}

function history(t: Translate, task: TaskDetail): TimelineEntry[] {
  const someone = t("workflow.tasks.someone");
  return task.history.map((h) => ({
    who: h.actorName,
    what: t(knownKey(`workflow.tasks.event.${h.event}`, "workflow.tasks.event.updated"), {
      actor: "",
      from: h.fromName ?? someone,
      to: h.toName ?? someone,
    }).trim(),
    at: h.at,
    body: typeof h.data.note === "string" ? h.data.note : undefined,
  }));
}

export function TaskPage(
  { task, files, flash, formSchema }: {
    task: TaskDetail;
    files: FileInfo[];
    flash?: Flash;
    /** A form-js form (forms feature): shown with form-js instead of the field list. */
    formSchema?: Record<string, unknown> | null;
  },
) {
  const base = `/workflow/tasks/${task.id}`;
  const t = useT();
  const { locale } = useReader();
  const resolving = task.state === "delegated";
  return (
    <div class="stack">
      {flash && <FlashMessage flash={flash} />}
      <Actions task={task} />
      <Grid size="lg">
        <Card title={t("workflow.tasks.details")}>
          <dl class="facts">
            <dt>{t("workflow.tasks.col.state")}</dt>
            <dd>
              <TaskStateBadge value={task.state} />
            </dd>
            <dt>{t("workflow.tasks.col.priority")}</dt>
            <dd>
              <PriorityBadge value={task.priority} />
            </dd>
            <dt>{t("workflow.tasks.col.assignee")}</dt>
            <dd>
              <UserChip name={task.assigneeName} none={t("workflow.tasks.nobody")} />
              {task.ownerName && (
                <span class="muted">
                  {" "}
                  {t("workflow.tasks.onBehalf", { name: task.ownerName })}
                </span>
              )}
            </dd>
            <dt>{t("workflow.tasks.col.due")}</dt>
            <dd>
              <Due task={task} />
            </dd>
            <dt>{t("workflow.tasks.col.followUp")}</dt>
            <dd>
              <DateTime at={task.followUpAt} />
            </dd>
            <dt>{t("workflow.tasks.col.created")}</dt>
            <dd>
              <DateTime at={task.createdAt} />{" "}
              <span class="muted">
                {t(task.instanceId ? "workflow.tasks.process" : "workflow.tasks.standalone")}
              </span>
            </dd>
          </dl>
          {task.description && <p class="prewrap">{task.description}</p>}
        </Card>
        <Card title={t("workflow.tasks.form")}>
          {formSchema
            ? (
              <FormViewer
                schema={formSchema}
                data={task.data}
                submit={task.can.complete ? `/api/workflow/tasks/${task.id}/complete` : undefined}
                upload={`/api/workflow/tasks/${task.id}/attachments`}
                done={base}
                label={t(resolving ? "workflow.tasks.resolve" : "workflow.tasks.complete")}
                note={!task.can.complete && task.can.claim
                  ? t("workflow.forms.readonly")
                  : undefined}
              />
            )
            : (
              <form class="form" {...post(`${base}/complete`)}>
                {task.formFields.length === 0 && (
                  <p class="muted">{t("workflow.tasks.form.none")}</p>
                )}
                {task.formFields.map((f) => (
                  <FormInput f={f} value={task.data?.[f.id]} disabled={!task.can.complete} />
                ))}
                {!task.can.complete && task.can.claim && (
                  <p class="muted">{t("workflow.tasks.form.readonly")}</p>
                )}
                {task.can.complete && (
                  <Button type="submit" icon="check">
                    {t(resolving ? "workflow.tasks.resolve" : "workflow.tasks.complete")}
                  </Button>
                )}
              </form>
            )}
        </Card>
      </Grid>
      <Grid size="lg">
        <Card title={t("workflow.tasks.comments")}>
          {task.comments.length === 0 && <p class="muted">{t("workflow.tasks.comments.none")}</p>}
          <ul class="comments">
            {task.comments.map((c) => (
              <li>
                <UserChip name={c.authorName} /> <DateTime at={c.createdAt} />
                <p class="prewrap">{c.body}</p>
              </li>
            ))}
          </ul>
          <form class="form" {...post(`${base}/comments`)}>
            <Field label={t("workflow.tasks.comment.body")}>
              <textarea name="body" rows={2} required maxLength={10000}></textarea>
            </Field>
            <Button type="submit" variant="secondary" icon="message-square">
              {t("workflow.tasks.comment.add")}
            </Button>
          </form>
        </Card>
        <Card title={t("workflow.tasks.attachments")}>
          {files.length === 0 && <p class="muted">{t("workflow.tasks.attachments.none")}</p>}
          <ul class="files">
            {files.map((f) => (
              <li>
                <a href={`/api/workflow/tasks/${task.id}/attachments/${f.id}`}>{f.name}</a>{" "}
                <span class="muted">{formatBytes(locale, f.size)}</span>
              </li>
            ))}
          </ul>
          <form
            class="form"
            method="post"
            action={`${base}/attachments`}
            enctype="multipart/form-data"
          >
            <Field label={t("workflow.tasks.attachments.file")}>
              <input type="file" name="file" multiple required />
            </Field>
            <Button type="submit" variant="secondary" icon="paperclip">
              {t("workflow.tasks.attachments.upload")}
            </Button>
          </form>
        </Card>
      </Grid>
      <Card title={t("workflow.tasks.history")}>
        <Timeline
          label={t("workflow.tasks.history")}
          systemName={t("workflow.tasks.someone")}
          entries={history(t, task)}
        />
      </Card>
    </div>
  );
}
