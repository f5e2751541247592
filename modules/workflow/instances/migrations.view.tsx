import "./instances.messages.ts";
import { type Locale, t } from "../../../shared/i18n/i18n.ts";
import {
  Button,
  Card,
  DataTable,
  EmptyState,
  Field,
  RelativeTime,
  UserChip,
} from "../../../ui/kit.ts";
import type { MigrationRecord, MigrationReportOut } from "./migrations.schemas.ts";

interface Activity {
  id: string;
  name: string;
}
interface VersionChoice {
  id: string;
  version: number;
  running: number;
  activities: Activity[];
}

export interface MigrationScreen {
  definitions: { id: string; name: string }[];
  definitionId?: string;
  versions: VersionChoice[];
  from?: VersionChoice;
  to?: VersionChoice;
  instances: { id: string; name: string; businessKey: string | null; startedAt: string }[];
  /** The mapping and instances as last submitted (kept after a dry run). */
  mapping?: Record<string, string>;
  selected?: string[];
  report?: MigrationReportOut;
  error?: string;
  past: MigrationRecord[];
}

const PATH = "/workflow/admin/migrations";

function Choose({ l, s }: { l: Locale; s: MigrationScreen }) {
  const versionOptions = (picked?: number) =>
    s.versions.map((v) => (
      <option value={v.version} selected={picked === v.version}>
        {t(l, "wfi.migrate.versionLabel", { n: v.version, running: v.running })}
      </option>
    ));
  return (
    <Card>
      <form method="get" action={PATH} class="filters" aria-label={t(l, "wfi.migrate.definition")}>
        <Field label={t(l, "wfi.migrate.definition")}>
          <select name="definitionId" required>
            <option value=""></option>
            {s.definitions.map((d) => (
              <option value={d.id} selected={d.id === s.definitionId}>{d.name}</option>
            ))}
          </select>
        </Field>
        {s.versions.length > 0 && (
          <>
            <Field label={t(l, "wfi.migrate.from")}>
              <select name="from">{versionOptions(s.from?.version)}</select>
            </Field>
            <Field label={t(l, "wfi.migrate.to")}>
              <select name="to">
                {versionOptions(s.to?.version ?? s.versions.at(-1)?.version)}
              </select>
            </Field>
          </>
        )}
        <Button type="submit" variant="secondary">{t(l, "wfi.migrate.choose")}</Button>
      </form>
    </Card>
  );
}

function Plan(
  { l, s }: { l: Locale; s: MigrationScreen & { from: VersionChoice; to: VersionChoice } },
) {
  const targetIds = new Set(s.to.activities.map((a) => a.id));
  const pick = (a: Activity) => s.mapping?.[a.id] ?? (targetIds.has(a.id) ? a.id : "");
  const selected = new Set(s.selected ?? s.instances.map((i) => i.id));
  return (
    <form method="post" action={PATH} class="stack">
      <input type="hidden" name="definitionId" value={s.definitionId} />
      <input type="hidden" name="from" value={s.from.version} />
      <input type="hidden" name="to" value={s.to.version} />
      <Card title={t(l, "wfi.migrate.mapping")} flush>
        <DataTable
          id="wf-migrate-mapping"
          label={t(l, "wfi.migrate.mapping")}
          rows={s.from.activities}
          columns={[
            { label: t(l, "wfi.migrate.source"), cell: (a) => a.name },
            {
              label: t(l, "wfi.migrate.target"),
              cell: (a) => (
                <select
                  name={`map.${a.id}`}
                  aria-label={`${t(l, "wfi.migrate.target")}: ${a.name}`}
                >
                  <option value="">{t(l, "wfi.migrate.unmapped")}</option>
                  {s.to.activities.map((b) => (
                    <option value={b.id} selected={pick(a) === b.id}>{b.name}</option>
                  ))}
                </select>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t(l, "wfi.migrate.instances")} flush>
        <DataTable
          id="wf-migrate-instances"
          label={t(l, "wfi.migrate.instances")}
          rows={s.instances}
          columns={[
            {
              label: t(l, "wfi.field.name"),
              cell: (i) => (
                <label class="check">
                  <input
                    type="checkbox"
                    name="instance"
                    value={i.id}
                    checked={selected.has(i.id)}
                  />{" "}
                  {i.name}
                  {i.businessKey && <span class="muted">· {i.businessKey}</span>}
                </label>
              ),
            },
            { label: t(l, "wfi.field.started"), cell: (i) => <RelativeTime at={i.startedAt} /> },
          ]}
          empty={<p class="muted card-pad">{t(l, "wfi.migrate.noInstances")}</p>}
        />
      </Card>
      {s.instances.length > 0 && (
        <div class="form-actions">
          <Button type="submit" name="mode" value="dry" variant="secondary" icon="flask-conical">
            {t(l, "wfi.migrate.dryRun")}
          </Button>
          <Button type="submit" name="mode" value="apply" icon="arrow-right-left">
            {t(l, "wfi.migrate.apply")}
          </Button>
        </div>
      )}
    </form>
  );
}

function Report({ l, s }: { l: Locale; s: MigrationScreen }) {
  const r = s.report;
  if (!r && !s.error) return null;
  const names = new Map(s.instances.map((i) => [i.id, i.name]));
  const act = new Map(
    [...(s.from?.activities ?? []), ...(s.to?.activities ?? [])].map((a) => [a.id, a.name]),
  );
  return (
    <Card title={t(l, "wfi.migrate.report")}>
      <div role="status">
        {s.error && <p class="alert error">{s.error}</p>}
        {r && r.valid && (
          <p class="alert ok">
            {t(l, r.applied ? "wfi.migrate.applied" : "wfi.migrate.valid", {
              n: r.moves.length,
              count: r.instanceCount,
            })}
          </p>
        )}
        {r && !r.valid && (
          <>
            <p class="alert error">{t(l, "wfi.migrate.invalid")}</p>
            <ul>
              {r.problems.map((p) => (
                <li>
                  {[p.instanceId && names.get(p.instanceId), p.elementId && act.get(p.elementId)]
                    .filter(Boolean).join(" · ")} {p.message}
                </li>
              ))}
            </ul>
          </>
        )}
        {r && r.moves.length > 0 && (
          <ul class="muted">
            {r.moves.slice(0, 200).map((m) => (
              <li>
                {t(l, "wfi.migrate.move", {
                  name: names.get(m.instanceId) ?? "",
                  from: act.get(m.from) ?? m.from,
                  to: act.get(m.to) ?? m.to,
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function Past({ l, s }: { l: Locale; s: MigrationScreen }) {
  if (!s.definitionId) return null;
  return (
    <Card title={t(l, "wfi.migrate.past")} flush>
      <DataTable
        id="wf-migrate-past"
        label={t(l, "wfi.migrate.past")}
        rows={s.past}
        columns={[
          { label: t(l, "wfi.migrate.when"), cell: (m) => <RelativeTime at={m.createdAt} /> },
          {
            label: t(l, "wfi.migrate.versions"),
            cell: (m) =>
              t(l, "wfi.migrate.fromTo", {
                from: t(l, "wfi.version", { n: m.fromVersion }),
                to: t(l, "wfi.version", { n: m.toVersion }),
              }),
          },
          { label: t(l, "wfi.migrate.count"), cell: (m) => m.instanceCount, numeric: true },
          { label: t(l, "wfi.migrate.who"), cell: (m) => <UserChip name={m.createdByName} /> },
        ]}
        empty={<p class="muted card-pad">{t(l, "wfi.migrate.noPast")}</p>}
      />
    </Card>
  );
}

/** The migration screen: choose, map, pick instances, dry run or apply; past migrations. */
export function MigrationView({ l, s }: { l: Locale; s: MigrationScreen }) {
  if (!s.definitions.length) {
    return (
      <Card>
        <EmptyState icon="arrow-right-left" title={t(l, "wfi.migrate.none")} />
      </Card>
    );
  }
  return (
    <div class="stack">
      <Choose l={l} s={s} />
      <Report l={l} s={s} />
      {s.from && s.to && s.from.version !== s.to.version && (
        <Plan l={l} s={{ ...s, from: s.from, to: s.to }} />
      )}
      <Past l={l} s={s} />
    </div>
  );
}
