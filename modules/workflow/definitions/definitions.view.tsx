import "./definitions.messages.ts";
import type { Flash } from "../../../shared/http/pages.ts";
import {
  Badge,
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Filters,
  RelativeTime,
  Toast,
  useT,
} from "../../../ui/kit.ts";
import type { BpmnProblem } from "./definitions.compile.lib.ts";
import type { Definition, DefinitionDetail, VersionSummary } from "./definitions.schemas.ts";

const BASE = "/workflow/admin/definitions";
const designer = (id: string) => `/workflow/admin/designer?definition=${id}`;

/** The findings of the compiler: each element's name or id, and what to change. */
export function ProblemList(
  { problems, warnings = [] }: { problems: BpmnProblem[]; warnings?: BpmnProblem[] },
) {
  const t = useT();
  if (!problems.length && !warnings.length) return null;
  const item = (p: BpmnProblem) => (
    <li>
      {p.elementId && <code>{p.elementId}</code>} {p.message}
    </li>
  );
  return (
    <div class="stack" role={problems.length ? "alert" : undefined}>
      {problems.length > 0 && (
        <div>
          <p>
            <strong>{t("wfd.problems")}</strong>
          </p>
          <ul>{problems.map(item)}</ul>
        </div>
      )}
      {warnings.length > 0 && (
        <details>
          <summary>{t("wfd.warnings")} ({warnings.length})</summary>
          <ul>{warnings.map(item)}</ul>
        </details>
      )}
    </div>
  );
}

function NewDefinitionForm() {
  const t = useT();
  return (
    <form method="post" action={BASE} class="stack">
      <Field label={t("wfd.name")}>
        <input name="name" required maxLength={200} />
      </Field>
      <Field label={t("wfd.key")} hint={t("wfd.keyHint")}>
        <input name="key" required maxLength={100} pattern="[A-Za-z_][A-Za-z0-9_\-]*" />
      </Field>
      <Field label={t("wfd.category")}>
        <input name="category" maxLength={100} />
      </Field>
      <Button type="submit" icon="plus">{t("wfd.create")}</Button>
    </form>
  );
}

function ImportForm() {
  const t = useT();
  return (
    <form method="post" action={`${BASE}/import`} enctype="multipart/form-data" class="stack">
      <Field label={t("wfd.file")} hint={t("wfd.fileHint")}>
        <input type="file" name="file" accept=".bpmn,.xml,application/xml,text/xml" required />
      </Field>
      <Field label={t("wfd.category")}>
        <input name="category" maxLength={100} />
      </Field>
      <label class="check">
        <input type="checkbox" name="deploy" value="1" checked /> {t("wfd.deployNow")}
      </label>
      <Button type="submit" icon="upload">{t("wfd.import")}</Button>
    </form>
  );
}

export function DefinitionsActions() {
  const t = useT();
  return (
    <>
      <Dialog
        id="wfd-new"
        title={t("wfd.new")}
        trigger={t("wfd.new")}
        icon="plus"
        closeLabel={t("wfd.close")}
      >
        <NewDefinitionForm />
      </Dialog>
      <Dialog
        id="wfd-import"
        title={t("wfd.importTitle")}
        trigger={t("wfd.import")}
        icon="upload"
        variant="secondary"
        closeLabel={t("wfd.close")}
      >
        <ImportForm />
      </Dialog>
    </>
  );
}

function VersionBadge({ d }: { d: Definition }) {
  const t = useT();
  return d.latestVersion > 0
    ? <Badge tone="blue">{t("wfd.version", { n: d.latestVersion })}</Badge>
    : <Badge tone="gray">{t("wfd.notDeployed")}</Badge>;
}

function StartableBadge({ d }: { d: Definition }) {
  const t = useT();
  return d.archivedAt
    ? <Badge tone="gray">{t("wfd.archived")}</Badge>
    : d.startable
    ? <Badge tone="green">{t("wfd.startable")}</Badge>
    : <Badge tone="amber">{t("wfd.notStartable")}</Badge>;
}

export function DefinitionsList(
  { items, nextCursor, q, flash, problems = [], warnings = [] }: {
    items: Definition[];
    nextCursor: string | null;
    q: string;
    flash?: Flash;
    problems?: BpmnProblem[];
    warnings?: BpmnProblem[];
  },
) {
  const t = useT();
  const more = nextCursor
    ? { href: `?${new URLSearchParams({ q, cursor: nextCursor })}`, label: t("wfd.more") }
    : undefined;
  return (
    <div class="stack">
      {flash && <Toast flash={flash} />}
      <ProblemList problems={problems} warnings={warnings} />
      <Filters action={BASE} target="#wfd-list" label={t("wfd.search")}>
        <Field label={t("wfd.search")}>
          <input type="search" name="q" value={q} />
        </Field>
      </Filters>
      <Card flush>
        <DataTable
          id="wfd-list"
          label={t("wfd.table")}
          rows={items}
          columns={[
            { label: t("wfd.name"), cell: (d) => <a href={`${BASE}/${d.id}`}>{d.name}</a> },
            { label: t("wfd.category"), cell: (d) => d.category || "—", wide: true },
            { label: t("wfd.latest"), cell: (d) => <VersionBadge d={d} /> },
            {
              label: t("wfd.updated"),
              cell: (d) => <RelativeTime at={d.updatedAt} />,
              wide: true,
            },
            { label: t("wfd.startable"), cell: (d) => <StartableBadge d={d} /> },
          ]}
          actions={(d) => (
            <Button
              href={designer(d.id)}
              variant="ghost"
              small
              icon="pencil"
              aria-label={`${t("wfd.design")}: ${d.name}`}
            >
              {t("wfd.design")}
            </Button>
          )}
          actionsLabel={t("wfd.design")}
          empty={
            <EmptyState icon="workflow" title={t("wfd.none")}>
              {t("wfd.noneText")}
            </EmptyState>
          }
          more={more}
        />
      </Card>
    </div>
  );
}

function EditForm({ d }: { d: Definition }) {
  const t = useT();
  return (
    <form method="post" action={`${BASE}/${d.id}`} class="stack">
      <Field label={t("wfd.name")}>
        <input name="name" required maxLength={200} value={d.name} />
      </Field>
      <Field label={t("wfd.category")}>
        <input name="category" maxLength={100} value={d.category} />
      </Field>
      <Field label={t("wfd.descriptionField")}>
        <textarea name="description" maxLength={2000} rows={3}>{d.description}</textarea>
      </Field>
      <label class="check">
        <input type="checkbox" name="startable" value="1" checked={d.startable} />{" "}
        {t("wfd.startable")}
      </label>
      <Button type="submit" icon="save">{t("wfd.save")}</Button>
    </form>
  );
}

export function DefinitionDetailView(
  { d, versions, flash, problems = [], warnings = [] }: {
    d: DefinitionDetail;
    versions: VersionSummary[];
    flash?: Flash;
    problems?: BpmnProblem[];
    warnings?: BpmnProblem[];
  },
) {
  const t = useT();
  return (
    <div class="stack">
      {flash && <Toast flash={flash} />}
      <ProblemList problems={problems} warnings={warnings} />
      <Card
        title={t("wfd.details")}
        actions={
          <Dialog
            id="wfd-edit"
            title={t("wfd.edit")}
            trigger={t("wfd.edit")}
            icon="pencil"
            small
            variant="secondary"
            closeLabel={t("wfd.close")}
          >
            <EditForm d={d} />
          </Dialog>
        }
      >
        <dl class="facts">
          <dt>{t("wfd.key")}</dt>
          <dd>
            <code>{d.key}</code>
          </dd>
          <dt>{t("wfd.category")}</dt>
          <dd>{d.category || "—"}</dd>
          <dt>{t("wfd.latest")}</dt>
          <dd>
            <VersionBadge d={d} /> <StartableBadge d={d} />
          </dd>
          <dt>{t("wfd.draft")}</dt>
          <dd>{d.draftUpdatedAt ? <RelativeTime at={d.draftUpdatedAt} /> : t("wfd.noDraft")}</dd>
          {d.description && (
            <>
              <dt>{t("wfd.descriptionField")}</dt>
              <dd>{d.description}</dd>
            </>
          )}
        </dl>
        <div class="form-actions">
          <Button href={designer(d.id)} icon="pencil" variant="secondary">
            {t("wfd.design")}
          </Button>
          {d.draftXml && !d.archivedAt && (
            <form method="post" action={`${BASE}/${d.id}/deploy`}>
              <Button type="submit" icon="rocket">{t("wfd.deployDraft")}</Button>
            </form>
          )}
          {!d.archivedAt && (
            <Dialog
              id="wfd-archive"
              title={t("wfd.archive")}
              trigger={t("wfd.archive")}
              icon="archive"
              variant="danger"
              closeLabel={t("wfd.close")}
            >
              <form method="post" action={`${BASE}/${d.id}/archive`} class="stack">
                <p>{t("wfd.archiveConfirm")}</p>
                <Button type="submit" icon="archive" variant="danger">{t("wfd.archive")}</Button>
              </form>
            </Dialog>
          )}
        </div>
      </Card>
      <Card title={t("wfd.versions")} flush>
        <DataTable
          id="wfd-versions"
          label={t("wfd.versions")}
          rows={versions}
          columns={[
            { label: t("wfd.versionCol"), cell: (v) => t("wfd.version", { n: v.version }) },
            { label: t("wfd.deployedBy"), cell: (v) => v.deployedByName ?? t("wfd.unknown") },
            { label: t("wfd.deployedAt"), cell: (v) => <RelativeTime at={v.deployedAt} /> },
            { label: t("wfd.note"), cell: (v) => v.note || "—", wide: true },
          ]}
          actions={(v) => (
            <Button
              href={`${BASE}/${d.id}/versions/${v.version}/xml`}
              variant="ghost"
              small
              icon="download"
              aria-label={t("wfd.downloadVersion", { n: v.version })}
            >
              {t("wfd.download")}
            </Button>
          )}
          actionsLabel={t("wfd.download")}
          empty={<EmptyState icon="history" title={t("wfd.noVersions")} />}
        />
      </Card>
    </div>
  );
}
