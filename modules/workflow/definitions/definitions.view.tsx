import "./definitions.messages.ts";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
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
} from "../../../ui/kit.ts";
import type { BpmnProblem } from "./definitions.compile.lib.ts";
import type { Definition, DefinitionDetail, VersionSummary } from "./definitions.schemas.ts";

const BASE = "/workflow/admin/definitions";
const designer = (id: string) => `/workflow/admin/designer?definition=${id}`;

/** The findings of the compiler: each element's name or id, and what to change. */
export function ProblemList(
  { l, problems, warnings = [] }: { l: Locale; problems: BpmnProblem[]; warnings?: BpmnProblem[] },
) {
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
            <strong>{t(l, "wfd.problems")}</strong>
          </p>
          <ul>{problems.map(item)}</ul>
        </div>
      )}
      {warnings.length > 0 && (
        <details>
          <summary>{t(l, "wfd.warnings")} ({warnings.length})</summary>
          <ul>{warnings.map(item)}</ul>
        </details>
      )}
    </div>
  );
}

function NewDefinitionForm({ l }: { l: Locale }) {
  return (
    <form method="post" action={BASE} class="stack">
      <Field label={t(l, "wfd.name")}>
        <input name="name" required maxLength={200} />
      </Field>
      <Field label={t(l, "wfd.key")} hint={t(l, "wfd.keyHint")}>
        <input name="key" required maxLength={100} pattern="[A-Za-z_][A-Za-z0-9_\-]*" />
      </Field>
      <Field label={t(l, "wfd.category")}>
        <input name="category" maxLength={100} />
      </Field>
      <Button type="submit" icon="plus">{t(l, "wfd.create")}</Button>
    </form>
  );
}

function ImportForm({ l }: { l: Locale }) {
  return (
    <form method="post" action={`${BASE}/import`} enctype="multipart/form-data" class="stack">
      <Field label={t(l, "wfd.file")} hint={t(l, "wfd.fileHint")}>
        <input type="file" name="file" accept=".bpmn,.xml,application/xml,text/xml" required />
      </Field>
      <Field label={t(l, "wfd.category")}>
        <input name="category" maxLength={100} />
      </Field>
      <label class="check">
        <input type="checkbox" name="deploy" value="1" checked /> {t(l, "wfd.deployNow")}
      </label>
      <Button type="submit" icon="upload">{t(l, "wfd.import")}</Button>
    </form>
  );
}

export function DefinitionsActions({ l }: { l: Locale }) {
  return (
    <>
      <Dialog
        id="wfd-new"
        title={t(l, "wfd.new")}
        trigger={t(l, "wfd.new")}
        icon="plus"
        closeLabel={t(l, "wfd.close")}
      >
        <NewDefinitionForm l={l} />
      </Dialog>
      <Dialog
        id="wfd-import"
        title={t(l, "wfd.importTitle")}
        trigger={t(l, "wfd.import")}
        icon="upload"
        variant="secondary"
        closeLabel={t(l, "wfd.close")}
      >
        <ImportForm l={l} />
      </Dialog>
    </>
  );
}

const VersionBadge = ({ l, d }: { l: Locale; d: Definition }) =>
  d.latestVersion > 0
    ? <Badge tone="blue">{t(l, "wfd.version", { n: d.latestVersion })}</Badge>
    : <Badge tone="gray">{t(l, "wfd.notDeployed")}</Badge>;

const StartableBadge = ({ l, d }: { l: Locale; d: Definition }) =>
  d.archivedAt
    ? <Badge tone="gray">{t(l, "wfd.archived")}</Badge>
    : d.startable
    ? <Badge tone="green">{t(l, "wfd.startable")}</Badge>
    : <Badge tone="amber">{t(l, "wfd.notStartable")}</Badge>;

export function DefinitionsList(
  { l, items, nextCursor, q, flash, problems = [], warnings = [] }: {
    l: Locale;
    items: Definition[];
    nextCursor: string | null;
    q: string;
    flash?: Flash;
    problems?: BpmnProblem[];
    warnings?: BpmnProblem[];
  },
) {
  const more = nextCursor
    ? { href: `?${new URLSearchParams({ q, cursor: nextCursor })}`, label: t(l, "wfd.more") }
    : undefined;
  return (
    <div class="stack">
      {flash && <Toast flash={flash} />}
      <ProblemList l={l} problems={problems} warnings={warnings} />
      <Filters action={BASE} target="#wfd-list" label={t(l, "wfd.search")}>
        <Field label={t(l, "wfd.search")}>
          <input type="search" name="q" value={q} />
        </Field>
      </Filters>
      <Card flush>
        <DataTable
          id="wfd-list"
          label={t(l, "wfd.table")}
          rows={items}
          columns={[
            { label: t(l, "wfd.name"), cell: (d) => <a href={`${BASE}/${d.id}`}>{d.name}</a> },
            { label: t(l, "wfd.category"), cell: (d) => d.category || "—", wide: true },
            { label: t(l, "wfd.latest"), cell: (d) => <VersionBadge l={l} d={d} /> },
            {
              label: t(l, "wfd.updated"),
              cell: (d) => <RelativeTime at={d.updatedAt} />,
              wide: true,
            },
            { label: t(l, "wfd.startable"), cell: (d) => <StartableBadge l={l} d={d} /> },
          ]}
          actions={(d) => (
            <Button
              href={designer(d.id)}
              variant="ghost"
              small
              icon="pencil"
              aria-label={`${t(l, "wfd.design")}: ${d.name}`}
            >
              {t(l, "wfd.design")}
            </Button>
          )}
          actionsLabel={t(l, "wfd.design")}
          empty={
            <EmptyState icon="workflow" title={t(l, "wfd.none")}>
              {t(l, "wfd.noneText")}
            </EmptyState>
          }
          more={more}
        />
      </Card>
    </div>
  );
}

function EditForm({ l, d }: { l: Locale; d: Definition }) {
  return (
    <form method="post" action={`${BASE}/${d.id}`} class="stack">
      <Field label={t(l, "wfd.name")}>
        <input name="name" required maxLength={200} value={d.name} />
      </Field>
      <Field label={t(l, "wfd.category")}>
        <input name="category" maxLength={100} value={d.category} />
      </Field>
      <Field label={t(l, "wfd.descriptionField")}>
        <textarea name="description" maxLength={2000} rows={3}>{d.description}</textarea>
      </Field>
      <label class="check">
        <input type="checkbox" name="startable" value="1" checked={d.startable} />{" "}
        {t(l, "wfd.startable")}
      </label>
      <Button type="submit" icon="save">{t(l, "wfd.save")}</Button>
    </form>
  );
}

export function DefinitionDetailView(
  { l, d, versions, flash, problems = [], warnings = [] }: {
    l: Locale;
    d: DefinitionDetail;
    versions: VersionSummary[];
    flash?: Flash;
    problems?: BpmnProblem[];
    warnings?: BpmnProblem[];
  },
) {
  return (
    <div class="stack">
      {flash && <Toast flash={flash} />}
      <ProblemList l={l} problems={problems} warnings={warnings} />
      <Card
        title={t(l, "wfd.details")}
        actions={
          <Dialog
            id="wfd-edit"
            title={t(l, "wfd.edit")}
            trigger={t(l, "wfd.edit")}
            icon="pencil"
            small
            variant="secondary"
            closeLabel={t(l, "wfd.close")}
          >
            <EditForm l={l} d={d} />
          </Dialog>
        }
      >
        <dl class="facts">
          <dt>{t(l, "wfd.key")}</dt>
          <dd>
            <code>{d.key}</code>
          </dd>
          <dt>{t(l, "wfd.category")}</dt>
          <dd>{d.category || "—"}</dd>
          <dt>{t(l, "wfd.latest")}</dt>
          <dd>
            <VersionBadge l={l} d={d} /> <StartableBadge l={l} d={d} />
          </dd>
          <dt>{t(l, "wfd.draft")}</dt>
          <dd>{d.draftUpdatedAt ? <RelativeTime at={d.draftUpdatedAt} /> : t(l, "wfd.noDraft")}</dd>
          {d.description && (
            <>
              <dt>{t(l, "wfd.descriptionField")}</dt>
              <dd>{d.description}</dd>
            </>
          )}
        </dl>
        <div class="form-actions">
          <Button href={designer(d.id)} icon="pencil" variant="secondary">
            {t(l, "wfd.design")}
          </Button>
          {d.draftXml && !d.archivedAt && (
            <form method="post" action={`${BASE}/${d.id}/deploy`}>
              <Button type="submit" icon="rocket">{t(l, "wfd.deployDraft")}</Button>
            </form>
          )}
          {!d.archivedAt && (
            <Dialog
              id="wfd-archive"
              title={t(l, "wfd.archive")}
              trigger={t(l, "wfd.archive")}
              icon="archive"
              variant="danger"
              closeLabel={t(l, "wfd.close")}
            >
              <form method="post" action={`${BASE}/${d.id}/archive`} class="stack">
                <p>{t(l, "wfd.archiveConfirm")}</p>
                <Button type="submit" icon="archive" variant="danger">{t(l, "wfd.archive")}</Button>
              </form>
            </Dialog>
          )}
        </div>
      </Card>
      <Card title={t(l, "wfd.versions")} flush>
        <DataTable
          id="wfd-versions"
          label={t(l, "wfd.versions")}
          rows={versions}
          columns={[
            { label: t(l, "wfd.versionCol"), cell: (v) => t(l, "wfd.version", { n: v.version }) },
            { label: t(l, "wfd.deployedBy"), cell: (v) => v.deployedByName ?? t(l, "wfd.unknown") },
            { label: t(l, "wfd.deployedAt"), cell: (v) => <RelativeTime at={v.deployedAt} /> },
            { label: t(l, "wfd.note"), cell: (v) => v.note || "—", wide: true },
          ]}
          actions={(v) => (
            <Button
              href={`${BASE}/${d.id}/versions/${v.version}/xml`}
              variant="ghost"
              small
              icon="download"
              aria-label={t(l, "wfd.downloadVersion", { n: v.version })}
            >
              {t(l, "wfd.download")}
            </Button>
          )}
          actionsLabel={t(l, "wfd.download")}
          empty={<EmptyState icon="history" title={t(l, "wfd.noVersions")} />}
        />
      </Card>
    </div>
  );
}
