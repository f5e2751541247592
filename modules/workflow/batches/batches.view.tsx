import "./batches.messages.ts";
import {
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Grid,
  Kpi,
  RelativeTime,
  StateBadge,
  TextWithTimes,
  Toast,
  UserChip,
  useT,
} from "../../../ui/kit.ts";
import type { Flash } from "../../../ui/kit.ts";
import { progressPercent } from "./batches.rules.ts";
import type { Batch, BatchDetail } from "./batches.schemas.ts";

export const BATCHES_PATH = "/workflow/admin/batches";

function Progress({ b }: { b: Batch }) {
  const t = useT();
  const text = t("wfb.progressText", { done: b.done, total: b.total, failed: b.failed });
  return (
    <div class="stack">
      <progress max={100} value={progressPercent(b)} aria-label={text}></progress>
      <div class="muted">{text}</div>
    </div>
  );
}

/** "Cancel 3 processes": what the batch does, as its title. */
export const batchTitle = (t: ReturnType<typeof useT>, b: Batch) =>
  t(`wfb.title.${b.type}`, { total: b.total });

function StateOf({ b }: { b: Batch }) {
  const t = useT();
  // Running batches look like running jobs, finished ones like succeeded (or failed) jobs.
  const tone = b.state === "running" ? "running" : b.failed ? "failed" : "succeeded";
  const label = b.state === "completed" && b.failed
    ? "wfb.state.completedFailed"
    : `wfb.state.${b.state}` as const;
  return <StateBadge kind="job" value={tone} label={t(label)} />;
}

/** The types a person starts from the page; migrate and modify need the API's richer input. */
export const PAGE_TYPES = ["cancel", "suspend", "resume"] as const;

/** "New batch": cancel, suspend or resume the processes of one definition (or all). */
export function NewBatchDialog({ processes }: { processes: { key: string; name: string }[] }) {
  const t = useT();
  return (
    <Dialog
      id="wf-new-batch"
      title={t("wfb.new")}
      trigger={t("wfb.new")}
      icon="plus"
      closeLabel={t("wfb.close")}
    >
      <form class="form" method="post" action={BATCHES_PATH}>
        <Field label={t("wfb.type")}>
          <select name="type" required>
            {PAGE_TYPES.map((type) => <option value={type}>{t(`wfb.do.${type}`)}</option>)}
          </select>
        </Field>
        <Field label={t("wfb.process")}>
          <select name="definitionKey">
            <option value="">{t("wfb.allProcesses")}</option>
            {processes.map((p) => <option value={p.key}>{p.name}</option>)}
          </select>
        </Field>
        <Field label={t("wfb.businessKey")}>
          <input name="businessKey" maxLength={255} />
        </Field>
        <Field label={t("wfb.reason")}>
          <input name="reason" maxLength={500} />
        </Field>
        <p class="muted">{t("wfb.newHint")}</p>
        <button type="submit" class="btn btn-primary">{t("wfb.create")}</button>
      </form>
    </Dialog>
  );
}

/** The list of batches (newest first) with their progress. */
export function BatchesList(
  { items, nextCursor }: { items: Batch[]; nextCursor: string | null },
) {
  const t = useT();
  return (
    <Card flush>
      <DataTable
        id="wf-batches"
        label={t("wfb.list")}
        rows={items}
        columns={[
          {
            label: t("wfb.type"),
            cell: (b) => (
              <a href={`${BATCHES_PATH}/${b.id}`}>
                {batchTitle(t, b)}
              </a>
            ),
          },
          { label: t("wfb.state"), cell: (b) => <StateOf b={b} /> },
          { label: t("wfb.progress"), cell: (b) => <Progress b={b} /> },
          { label: t("wfb.by"), cell: (b) => <UserChip name={b.createdByName} />, wide: true },
          { label: t("wfb.created"), cell: (b) => <RelativeTime at={b.createdAt} /> },
        ]}
        empty={
          <EmptyState icon="layers" title={t("wfb.none")}>
            <p class="muted">{t("wfb.noneHint")}</p>
          </EmptyState>
        }
        more={nextCursor
          ? { href: `${BATCHES_PATH}?cursor=${nextCursor}`, label: t("wfb.more") }
          : undefined}
      />
    </Card>
  );
}

/** The figures of one batch; refreshes itself (htmx) while the batch runs. */
function Figures({ b }: { b: BatchDetail }) {
  const t = useT();
  const live = b.state === "running"
    ? {
      "hx-get": `${BATCHES_PATH}/${b.id}`,
      "hx-trigger": "every 3s",
      "hx-select": "#wf-batch-figures",
      "hx-swap": "outerHTML",
    }
    : {};
  return (
    <div id="wf-batch-figures" class="stack" {...live}>
      {b.state === "running" && <p class="muted" role="status">{t("wfb.running")}</p>}
      <Grid size="sm">
        <Kpi label={t("wfb.total")} value={b.total} icon="layers" />
        <Kpi label={t("wfb.done")} value={b.done} icon="circle-check" tone="green" />
        <Kpi label={t("wfb.failedCount")} value={b.failed} icon="circle-x" tone="red" />
        <Kpi label={t("wfb.pending")} value={b.pending} icon="hourglass" />
      </Grid>
      <Card>
        <Progress b={b} />
      </Card>
    </div>
  );
}

/** One batch: figures, the failed processes with what went wrong, and retrying them. */
export function BatchView({ b, flash }: { b: BatchDetail; flash?: Flash }) {
  const t = useT();
  return (
    <div class="stack">
      {flash && <Toast flash={flash} />}
      <Figures b={b} />
      <Card
        title={t("wfb.failures")}
        flush
        actions={b.failed > 0 && (
          <form method="post" action={`${BATCHES_PATH}/${b.id}/retry`} class="inline">
            <Button type="submit" icon="rotate-ccw" small>{t("wfb.retry")}</Button>
          </form>
        )}
      >
        <DataTable
          id="wf-batch-failures"
          label={t("wfb.failures")}
          rows={b.failures}
          columns={[
            {
              label: t("wfb.instance"),
              cell: (f) => <a href={`/workflow/processes/${f.instanceId}`}>{f.instanceName}</a>,
            },
            { label: t("wfb.message"), cell: (f) => <TextWithTimes text={f.message} /> },
            { label: t("wfb.attempts"), cell: (f) => f.attempts, numeric: true, wide: true },
          ]}
          empty={<p class="muted card-pad">{t("wfb.noFailures")}</p>}
        />
      </Card>
    </div>
  );
}
