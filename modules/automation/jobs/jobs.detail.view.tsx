/** A job's page: its trigger, policies, next runs and webhook. */
import type { ComponentChildren } from "preact";
import {
  Badge,
  Button,
  Card,
  DateTime,
  Dialog,
  RelativeTime,
  Toast,
  type Translate,
  useT,
} from "../../../ui/kit.ts";
import type { Job } from "./jobs.schemas.ts";
import { AgentState, TriggerText } from "./jobs.view.tsx";

const yesNo = (t: Translate, v: boolean) =>
  t(v ? "automation.jobs.detail.yes" : "automation.jobs.detail.no");

/** Facts as a definition list (label, value). */
function Facts({ rows }: { rows: [string, ComponentChildren][] }) {
  return (
    <dl class="facts">
      {rows.map(([label, value]) => (
        <>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </>
      ))}
    </dl>
  );
}

export function JobSummary({ job }: { job: Job }) {
  const t = useT();
  return (
    <Card title={t("automation.jobs.detail.trigger")}>
      {job.agentState !== "aktif" && (
        <Toast
          flash={{
            kind: "error",
            text: t("automation.jobs.detail.agentNotActive", {
              state: t(`automation.jobs.agentState.${job.agentState}`),
            }),
          }}
        />
      )}
      <Facts
        rows={[
          [
            t("automation.jobs.field.agent"),
            (
              <>
                {job.agentName} <AgentState state={job.agentState} />
              </>
            ),
          ],
          [t("automation.jobs.field.triggerKind"), <TriggerText job={job} />],
          [t("automation.jobs.field.enabled"), yesNo(t, job.enabled)],
          [t("automation.jobs.detail.lastFired"), <RelativeTime at={job.lastFiredAt} />],
          [t("automation.jobs.detail.created"), <RelativeTime at={job.createdAt} />],
        ]}
      />
      {job.description && <p>{job.description}</p>}
    </Card>
  );
}

export function PolicyCard({ job }: { job: Job }) {
  const t = useT();
  const seconds = (n: number | null) =>
    n === null ? t("automation.jobs.detail.default") : t("automation.jobs.detail.seconds", { n });
  return (
    <Card title={t("automation.jobs.detail.policies")}>
      <Facts
        rows={[
          [t("automation.jobs.field.priority"), String(job.priority)],
          [t("automation.jobs.field.timeoutSeconds"), seconds(job.timeoutSeconds)],
          [t("automation.jobs.field.maxAttempts"), String(job.maxAttempts)],
          [t("automation.jobs.field.backoffSeconds"), seconds(job.backoffSeconds)],
          [
            t("automation.jobs.field.concurrency"),
            t(`automation.jobs.concurrency.${job.concurrency}`),
          ],
          [
            t("automation.jobs.field.catchup"),
            job.catchup === "all"
              ? `${t("automation.jobs.catchup.all")} · ${job.catchupLimit}`
              : t(`automation.jobs.catchup.${job.catchup}`),
          ],
          [t("automation.jobs.field.notifyOnFailure"), yesNo(t, job.notifyOnFailure)],
        ]}
      />
      <h3 class="card-subtitle">{t("automation.jobs.detail.input")}</h3>
      <pre class="job-input">{JSON.stringify(job.input, null, 2)}</pre>
    </Card>
  );
}

export function NextRunsCard({ items }: { items: string[] }) {
  const t = useT();
  return (
    <Card title={t("automation.jobs.detail.nextRuns")}>
      {items.length
        ? (
          <ol class="cron-runs">
            {items.map((at) => (
              <li>
                <DateTime at={at} />{" "}
                <span class="muted">
                  (<RelativeTime at={at} />)
                </span>
              </li>
            ))}
          </ol>
        )
        : <p class="muted">{t("automation.jobs.detail.noNextRuns")}</p>}
    </Card>
  );
}

/** The webhook address with copy, and the secret's regeneration (the new one shown once). */
export function WebhookCard(
  { job, origin, canWrite }: { job: Job; origin: string; canWrite: boolean },
) {
  const t = useT();
  const url = `${origin}${job.webhookUrl}`;
  const action = `/automation/jobs/${job.id}/webhook-secret`;
  return (
    <Card title={t("automation.jobs.detail.webhook")}>
      <p class="muted">{t("automation.jobs.detail.webhookHelp")}</p>
      <div class="webhook-url">
        <label class="field-label" for="webhook-url">
          {t("automation.jobs.detail.webhookUrl")}
        </label>
        <div class="copy-row">
          <input id="webhook-url" readonly value={url} class="mono" />
          <Button variant="secondary" small icon="copy" data-copy="#webhook-url">
            {t("automation.jobs.detail.copy")}
          </Button>
        </div>
      </div>
      <p>
        {job.hasWebhookSecret
          ? <Badge tone="green">{t("automation.jobs.detail.secretSet")}</Badge>
          : <Badge tone="amber">{t("automation.jobs.detail.secretMissing")}</Badge>}
      </p>
      {canWrite && (
        <Dialog
          id="webhook-secret"
          title={t("automation.jobs.detail.regenerate")}
          trigger={t("automation.jobs.detail.regenerate")}
          icon="key-round"
          variant="secondary"
          closeLabel={t("automation.jobs.close")}
        >
          <form method="post" action={action} hx-post={action} hx-target="this" hx-swap="outerHTML">
            <p>{t("automation.jobs.detail.regenerateHelp")}</p>
            <div class="form-actions">
              <Button type="submit" icon="key-round">
                {t("automation.jobs.detail.regenerate")}
              </Button>
            </div>
          </form>
        </Dialog>
      )}
    </Card>
  );
}

/** The freshly generated secret, shown once (inside the dialog, or as a page without script). */
export function NewSecret({ secret }: { secret: string }) {
  const t = useT();
  return (
    <div class="new-secret">
      <Toast flash={{ kind: "ok", text: t("automation.jobs.detail.secretOnce") }} />
      <label class="field-label" for="new-secret">{t("automation.jobs.detail.newSecret")}</label>
      <div class="copy-row">
        <input id="new-secret" readonly value={secret} class="mono" />
        <Button variant="secondary" small icon="copy" data-copy="#new-secret">
          {t("automation.jobs.detail.copy")}
        </Button>
      </div>
    </div>
  );
}
