import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { knownKey } from "../../../shared/i18n/i18n.ts";
import {
  type C,
  type Flash,
  type Form,
  isHtmx,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
  type Status,
  uuidOrNull,
} from "../../../shared/http/pages.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  Button,
  Card,
  Dialog,
  Grid,
  html,
  page,
  Toast,
  tr,
  type Translate,
} from "../../../ui/kit.ts";
import { entityHistory, historyLabelsFor } from "../../../platform/activity/public.ts";
import { TRIGGER_KINDS, type TriggerKind } from "../common/common.schemas.ts";
import { listHistory } from "../runs/runs.service.ts";
import { RunsTable } from "../runs/runs.view.tsx";
import {
  createJob,
  deleteJob,
  getJob,
  jobAgents,
  jobNextRuns,
  listJobs,
  minIntervalSeconds,
  previewSchedule,
  regenerateWebhookSecret,
  runJobNow,
  setJobEnabled,
  updateJob,
} from "./jobs.service.ts";
import { eventNames } from "./jobs.rules.ts";
import { EMPTY_FORM, formValues, jobToForm, parseJobForm } from "./jobs.form.lib.ts";
import { JobFilters, type JobFilterValues, JobsTable } from "./jobs.list.view.tsx";
import { CronPreview, JobForm, type JobFormValues, NewJobDialog } from "./jobs.form.view.tsx";
import {
  JobSummary,
  NewSecret,
  NextRunsCard,
  PolicyCard,
  WebhookCard,
} from "./jobs.detail.view.tsx";

const READ = "automation.job.read";
const WRITE = "automation.job.write";
const LIST = "/automation/jobs";

const events = (c: C) => eventNames(c.var.platform.modules);
const zone = (c: C) => c.var.timeZone ?? "UTC";
const canWrite = (c: C) => hasPermission(c.var.session.permissions, WRITE);

const Assets = () => (
  <>
    <link rel="stylesheet" href="/assets/automation-jobs.css" />
    <script src="/assets/automation-jobs.js" defer></script>
    <script src="/assets/automation-live.js" defer></script>
  </>
);

/** The list's filters from a query string (unknown values are ignored, not errors). */
function readFilters(q: URLSearchParams): JobFilterValues & { cursor?: string } {
  const state = q.get("state") ?? "";
  const trigger = q.get("trigger") ?? "";
  const enabled = q.get("enabled") ?? "";
  return {
    q: (q.get("q") ?? "").trim().slice(0, 200),
    state: ["active", "pending"].includes(state) ? state : "",
    agentId: uuidOrNull(q.get("agentId")) ?? "",
    trigger: TRIGGER_KINDS.includes(trigger as TriggerKind) ? trigger : "",
    enabled: ["true", "false"].includes(enabled) ? enabled : "",
    cursor: q.get("cursor") || undefined,
  };
}

async function jobsTable(c: C, query: URLSearchParams, flash?: Flash) {
  const v = readFilters(query);
  const list = await listJobs(actorOf(c), {
    limit: 25,
    cursor: v.cursor,
    q: v.q || undefined,
    state: (v.state || undefined) as "active" | undefined,
    agentId: v.agentId || undefined,
    trigger: (v.trigger || undefined) as TriggerKind | undefined,
    enabled: v.enabled === "" ? undefined : v.enabled === "true",
  });
  const { cursor: _, ...keep } = v;
  const params = new URLSearchParams(Object.entries(keep).filter(([, x]) => x));
  const self = `${LIST}${params.size ? `?${params}` : ""}`;
  const more = list.nextCursor
    ? `${LIST}?${params}${params.size ? "&" : ""}cursor=${encodeURIComponent(list.nextCursor)}`
    : null;
  const filtered = Object.values(keep).some(Boolean);
  return {
    v,
    table: (
      <JobsTable
        rows={list.items}
        more={more}
        live={self}
        canWrite={canWrite(c)}
        filtered={filtered}
        flash={flash}
      />
    ),
  };
}

async function formProps(c: C, flash?: Flash) {
  const [agents, minInterval] = [await jobAgents(actorOf(c)), await minIntervalSeconds(actorOf(c))];
  return {
    agents,
    events: events(c),
    minIntervalSeconds: minInterval,
    flash,
  };
}

async function listPage(c: C, flash?: Flash, newForm?: JobFormValues, status: Status = 200) {
  const t: Translate = tr(c);
  const { v, table } = await jobsTable(c, new URL(c.req.url).searchParams, flash);
  const props = await formProps(c, newForm ? flash : undefined);
  const first = props.agents[0]?.id ?? "";
  return await page(
    c,
    t("page.jobs"),
    <div data-automation-live>
      <Assets />
      <JobFilters v={v} agents={props.agents} />
      {table}
    </div>,
    {
      status,
      crumbs: [{ label: t("module.automation"), href: "/automation" }],
      description: t("automation.jobs.description"),
      actions: canWrite(c) && props.agents.length
        ? <NewJobDialog {...props} v={newForm ?? { ...EMPTY_FORM, agentId: first }} />
        : undefined,
    },
  );
}

/** A row action answered for htmx: the list's table again (with the page's filters). */
async function tableAnswer(c: C, flash: Flash | undefined, status: Status = 200) {
  const current = c.req.header("HX-Current-URL");
  const query = current ? new URL(current, "http://x").searchParams : new URLSearchParams();
  return html(c, (await jobsTable(c, query, flash)).table, status);
}

/** A failed job form: htmx swaps it in place (in its dialog); a plain post gets a page. */
async function formAnswer(
  c: C,
  form: Form,
  err: unknown,
  action: string,
  id: string,
  submit: string,
) {
  const { flash, status } = problemFlash(err);
  const props = await formProps(c, flash);
  const vnode = <JobForm {...props} id={id} action={action} v={formValues(form)} submit={submit} />;
  if (isHtmx(c)) return html(c, vnode, status);
  return await page(
    c,
    submit,
    <Card>
      {vnode}
      <Assets />
    </Card>,
    {
      status,
      crumbs: [{ label: tr(c)("page.jobs"), href: LIST }],
    },
  );
}

async function createPage(c: C) {
  const form = await readForm(c);
  try {
    const input = parseJobForm(form, zone(c));
    const job = await createJob(actorOf(c), { job: input, events: events(c) });
    const to = `${LIST}/${job.id}`;
    // A webhook job's secret is shown once: on its page, right after creation.
    if (job.webhookSecret) return await detailPage(c, job.id, job.webhookSecret);
    return redirectAfterPost(c, to);
  } catch (err) {
    const t: Translate = tr(c);
    return await formAnswer(c, form, err, LIST, "job-new", t("automation.jobs.create"));
  }
}

async function previewPage(c: C) {
  const form = await readForm(c);
  const cron = typeof form.cron === "string" ? form.cron : "";
  if (!cron) return html(c, <CronPreview items={[]} />);
  try {
    const timezone = typeof form.timezone === "string" ? form.timezone : null;
    const p = await previewSchedule(actorOf(c), { cron, timezone, count: 5 });
    const tooOften = p.smallestGapSeconds !== null && p.smallestGapSeconds < p.minIntervalSeconds
      ? p.minIntervalSeconds
      : undefined;
    return html(c, <CronPreview items={p.items} tooOften={tooOften} />);
  } catch (err) {
    if (!(err instanceof Problem) || err.status >= 500) throw err;
    const error = err.errors?.[0]?.message ?? err.detail ?? err.title;
    return html(c, <CronPreview items={[]} error={error} />);
  }
}

async function detailPage(c: C, id = pathId(c), secret?: string) {
  const t: Translate = tr(c);
  const job = await getJob(actorOf(c), id);
  const write = canWrite(c);
  const base = `${LIST}/${job.id}`;
  const [next, runs] = [
    await jobNextRuns(actorOf(c), { id, count: 5 }),
    await listHistory(actorOf(c), { limit: 10, jobId: id }),
  ];
  const history = await entityHistory(c, {
    module: "automation",
    entityType: "job",
    entityId: id,
    labels: jobHistoryLabels(c),
  });
  const editing = write && c.req.query("edit") === "1";
  const props = write ? await formProps(c) : null;
  const editForm = props && (
    <JobForm
      {...props}
      id="job-edit"
      action={base}
      v={jobToForm(job, zone(c))}
      submit={t("automation.jobs.save")}
    />
  );
  const actions = write && (
    <div class="page-actions">
      <form method="post" action={`${base}/run`} class="inline-form">
        <Button type="submit" icon="play">{t("automation.jobs.runNow")}</Button>
      </form>
      <Dialog
        id="edit-job"
        title={t("automation.jobs.edit")}
        trigger={t("automation.jobs.edit")}
        icon="pencil"
        variant="secondary"
        closeLabel={t("automation.jobs.close")}
        fallbackHref={`${base}?edit=1`}
        wide
      >
        {editForm}
      </Dialog>
      <form
        method="post"
        action={`${base}/${job.enabled ? "disable" : "enable"}`}
        class="inline-form"
      >
        <Button type="submit" variant="secondary" icon={job.enabled ? "pause" : "play"}>
          {t(job.enabled ? "automation.jobs.disable" : "automation.jobs.enable")}
        </Button>
      </form>
      <form
        method="post"
        action={`${base}/delete`}
        hx-post={`${base}/delete`}
        hx-confirm={t("automation.jobs.deleteConfirm", { name: job.name })}
        class="inline-form"
      >
        <Button type="submit" variant="danger" icon="trash-2">{t("automation.jobs.delete")}</Button>
      </form>
    </div>
  );
  const origin = new URL(c.req.url).origin;
  return await page(
    c,
    job.name,
    <div data-automation-live>
      <Assets />
      <Toast flash={noticeFlash(c)} />
      {secret && (
        <Card>
          <NewSecret secret={secret} />
        </Card>
      )}
      {editing && <Card title={t("automation.jobs.edit")}>{editForm}</Card>}
      <Grid size="lg">
        <JobSummary job={job} />
        <PolicyCard job={job} />
        {job.triggerKind === "webhook" && (
          <WebhookCard
            job={job}
            origin={origin}
            canWrite={write}
          />
        )}
        {["cron", "once", "interval"].includes(job.triggerKind) && (
          <NextRunsCard items={next.items} />
        )}
      </Grid>
      <Card title={t("automation.jobs.detail.recentRuns")}>
        <RunsTable rows={runs.items} more={null} live={base} />
        <p>
          <a href={`/automation/jobs/history?jobId=${job.id}&period=all`}>
            {t("automation.jobs.detail.allRuns")}
          </a>
        </p>
      </Card>
      {history}
    </div>,
    {
      crumbs: [
        { label: t("module.automation"), href: "/automation" },
        { label: t("page.jobs"), href: LIST },
      ],
      actions,
    },
  );
}

/** How a job's history reads: field labels, enum values as labels. */
function jobHistoryLabels(c: C) {
  const t: Translate = tr(c);
  // Keys built from stored history: a known key's text, or nothing.
  const labelOf = (key: string) => {
    const known = knownKey(key, "automation.jobs.entity.job");
    return known === key ? t(known) : undefined;
  };
  const ENUMS: Record<string, string> = {
    triggerKind: "automation.jobs.trigger",
    concurrency: "automation.jobs.concurrency",
    catchup: "automation.jobs.catchup",
  };
  return historyLabelsFor(c, {
    action: (action) =>
      ["enabled", "disabled", "run", "secret-rotated"].includes(action)
        ? labelOf(`automation.jobs.action.${action}`) ?? `automation.jobs.action.${action}`
        : undefined,
    field: (_type, name) =>
      name === "agentId" || name === "input"
        ? undefined
        : name === "webhookSecret"
        ? t("automation.jobs.field.webhookSecret")
        : labelOf(`automation.jobs.field.${name}`),
    value: (_type, field, value) => {
      if (!ENUMS[field] || typeof value !== "string") return undefined;
      const key = `${ENUMS[field]}.${value}`;
      return labelOf(key) ?? key;
    },
    entity: (type) => (type === "job" ? t("automation.jobs.entity.job") : undefined),
  });
}

async function updatePage(c: C) {
  const id = pathId(c);
  const form = await readForm(c);
  try {
    const input = parseJobForm(form, zone(c));
    await updateJob(actorOf(c), { id, patch: input, events: events(c) });
    return redirectAfterPost(c, `${LIST}/${id}`);
  } catch (err) {
    return await formAnswer(
      c,
      form,
      err,
      `${LIST}/${id}`,
      "job-edit",
      tr(c)("automation.jobs.save"),
    );
  }
}

/**
 * A row or page action (run, enable, disable, delete). From the list with htmx: the table
 * again with the outcome; otherwise back to where it came from.
 */
/** What a row or page action reports; the job page shows it after the redirect (?notice=). */
const NOTICES = {
  queued: "automation.jobs.queuedRun",
  skipped: "automation.jobs.skippedRun",
  saved: "automation.jobs.saved",
} as const;
type Notice = keyof typeof NOTICES;

function noticeFlash(c: C): Flash | undefined {
  const n = c.req.query("notice");
  return n && Object.hasOwn(NOTICES, n)
    ? { kind: "ok", text: tr(c)(NOTICES[n as Notice]) }
    : undefined;
}

function action(run: (c: C, id: string) => Promise<Notice | void>, after?: (id: string) => string) {
  return async (c: C) => {
    const id = pathId(c);
    let flash: Flash | undefined;
    let notice: Notice | void = undefined;
    let status: Status = 200;
    try {
      notice = await run(c, id);
      if (notice) flash = { kind: "ok", text: tr(c)(NOTICES[notice]) };
    } catch (err) {
      ({ flash, status } = problemFlash(err));
    }
    const fromList = isHtmx(c) && !(c.req.header("HX-Current-URL") ?? "").includes(`${LIST}/`);
    if (fromList) return await tableAnswer(c, flash || undefined, status);
    if (status !== 200 && flash) {
      return await page(
        c,
        tr(c)("page.jobs"),
        <Card>
          <p>{flash.text}</p>
        </Card>,
        {
          status,
          crumbs: [{ label: tr(c)("page.jobs"), href: LIST }],
        },
      );
    }
    if (after) return redirectAfterPost(c, after(id));
    return redirectAfterPost(c, `${LIST}/${id}${notice ? `?notice=${notice}` : ""}`);
  };
}

const runNow = action(async (c, id) => {
  const queued = await runJobNow(actorOf(c), { id });
  return queued.status === "queued" ? "queued" : "skipped";
});
const enable = action(async (c, id) => {
  await setJobEnabled(actorOf(c), { id, enabled: true, events: events(c) });
  return "saved";
});
const disable = action(async (c, id) => {
  await setJobEnabled(actorOf(c), { id, enabled: false, events: events(c) });
  return "saved";
});
const remove = action(async (c, id) => {
  await deleteJob(actorOf(c), id);
}, () => LIST);

async function secretPage(c: C) {
  const id = pathId(c);
  const { secret } = await regenerateWebhookSecret(actorOf(c), id);
  if (isHtmx(c)) return html(c, <NewSecret secret={secret} />);
  return await detailPage(c, id, secret);
}

/** Pages under /automation: the jobs list, a job's page and their actions. */
export function mountJobsPages(app: Hono<AppEnv>) {
  const read = requirePermission(READ);
  const write = requirePermission(WRITE);
  app.get("/jobs", read, (c) => listPage(c));
  app.post("/jobs", write, createPage);
  app.post("/jobs/preview", read, previewPage);
  app.get("/jobs/:id{[0-9a-fA-F-]{36}}", read, (c) => detailPage(c));
  app.post("/jobs/:id{[0-9a-fA-F-]{36}}", write, updatePage);
  app.post("/jobs/:id{[0-9a-fA-F-]{36}}/run", write, runNow);
  app.post("/jobs/:id{[0-9a-fA-F-]{36}}/enable", write, enable);
  app.post("/jobs/:id{[0-9a-fA-F-]{36}}/disable", write, disable);
  app.post("/jobs/:id{[0-9a-fA-F-]{36}}/delete", write, remove);
  app.post("/jobs/:id{[0-9a-fA-F-]{36}}/webhook-secret", write, secretPage);
}
