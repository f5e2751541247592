import "./instances.messages.ts";
import {
  Button,
  Card,
  DataTable,
  EmptyState,
  Field,
  RelativeTime,
  UserChip,
  useT,
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

function Choose({ s }: { s: MigrationScreen }) {
  const t = useT();
  const versionOptions = (picked?: number) =>
    s.versions.map((v) => (
      <option value={v.version} selected={picked === v.version}>
        {t("wfi.migrate.versionLabel", { n: v.version, running: v.running })}
      </option>
    ));
  return (
    <Card>
      <form method="get" action={PATH} class="filters" aria-label={t("wfi.migrate.definition")}>
        <Field label={t("wfi.migrate.definition")}>
          <select name="definitionId" required>
            <option value=""></option>
            {s.definitions.map((d) => (
              <option value={d.id} selected={d.id === s.definitionId}>{d.name}</option>
            ))}
          </select>
        </Field>
        {s.versions.length > 0 && (
          <>
            <Field label={t("wfi.migrate.from")}>
              <select name="from">{versionOptions(s.from?.version)}</select>
            </Field>
            <Field label={t("wfi.migrate.to")}>
              <select name="to">
                {versionOptions(s.to?.version ?? s.versions.at(-1)?.version)}
              </select>
            </Field>
          </>
        )}
        <Button type="submit" variant="secondary">{t("wfi.migrate.choose")}</Button>
      </form>
    </Card>
  );
}

function Plan(
  { s }: { s: MigrationScreen & { from: VersionChoice; to: VersionChoice } },
) {
  const t = useT();
  const targetIds = new Set(s.to.activities.map((a) => a.id));
  const pick = (a: Activity) => s.mapping?.[a.id] ?? (targetIds.has(a.id) ? a.id : "");
  const selected = new Set(s.selected ?? s.instances.map((i) => i.id));
  return (
    <form method="post" action={PATH} class="stack">
      <input type="hidden" name="definitionId" value={s.definitionId} />
      <input type="hidden" name="from" value={s.from.version} />
      <input type="hidden" name="to" value={s.to.version} />
      <Card title={t("wfi.migrate.mapping")} flush>
        <DataTable
          id="wf-migrate-mapping"
          label={t("wfi.migrate.mapping")}
          rows={s.from.activities}
          columns={[
            { label: t("wfi.migrate.source"), cell: (a) => a.name },
            {
              label: t("wfi.migrate.target"),
              cell: (a) => (
                <select
                  name={`map.${a.id}`}
                  aria-label={`${t("wfi.migrate.target")}: ${a.name}`}
                >
                  <option value="">{t("wfi.migrate.unmapped")}</option>
                  {s.to.activities.map((b) => (
                    <option value={b.id} selected={pick(a) === b.id}>{b.name}</option>
                  ))}
                </select>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t("wfi.migrate.instances")} flush>
        <DataTable
          id="wf-migrate-instances"
          label={t("wfi.migrate.instances")}
          rows={s.instances}
          columns={[
            {
              label: t("wfi.field.name"),
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
            { label: t("wfi.field.started"), cell: (i) => <RelativeTime at={i.startedAt} /> },
          ]}
          empty={<p class="muted card-pad">{t("wfi.migrate.noInstances")}</p>}
        />
      </Card>
      {s.instances.length > 0 && (
        <div class="form-actions">
          <Button type="submit" name="mode" value="dry" variant="secondary" icon="flask-conical">
            {t("wfi.migrate.dryRun")}
          </Button>
          <Button type="submit" name="mode" value="apply" icon="arrow-right-left">
            {t("wfi.migrate.apply")}
          </Button>
        </div>
      )}
    </form>
  );
}

function Report({ s }: { s: MigrationScreen }) {
  const t = useT();
  const r = s.report;
  if (!r && !s.error) return null;
  const names = new Map(s.instances.map((i) => [i.id, i.name]));
  const act = new Map(
    [...(s.from?.activities ?? []), ...(s.to?.activities ?? [])].map((a) => [a.id, a.name]),
  );
  return (
    <Card title={t("wfi.migrate.report")}>
      <div role="status">
        {s.error && <p class="alert error">{s.error}</p>}
        {r && r.valid && (
          <p class="alert ok">
            {t(r.applied ? "wfi.migrate.applied" : "wfi.migrate.valid", {
              n: r.moves.length,
              count: r.instanceCount,
            })}
          </p>
        )}
        {r && !r.valid && (
          <>
            <p class="alert error">{t("wfi.migrate.invalid")}</p>
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
                {t("wfi.migrate.move", {
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

function Past({ s }: { s: MigrationScreen }) {
  const t = useT();
  if (!s.definitionId) return null;
  return (
    <Card title={t("wfi.migrate.past")} flush>
      <DataTable
        id="wf-migrate-past"
        label={t("wfi.migrate.past")}
        rows={s.past}
        columns={[
          { label: t("wfi.migrate.when"), cell: (m) => <RelativeTime at={m.createdAt} /> },
          {
            label: t("wfi.migrate.versions"),
            cell: (m) =>
              t("wfi.migrate.fromTo", {
                from: t("wfi.version", { n: m.fromVersion }),
                to: t("wfi.version", { n: m.toVersion }),
              }),
          },
          { label: t("wfi.migrate.count"), cell: (m) => m.instanceCount, numeric: true },
          { label: t("wfi.migrate.who"), cell: (m) => <UserChip name={m.createdByName} /> },
        ]}
        empty={<p class="muted card-pad">{t("wfi.migrate.noPast")}</p>}
      />
    </Card>
  );
}

/** The migration screen: choose, map, pick instances, dry run or apply; past migrations. */
export function MigrationView({ s }: { s: MigrationScreen }) {
  const t = useT();
  if (!s.definitions.length) {
    return (
      <Card>
        <EmptyState icon="arrow-right-left" title={t("wfi.migrate.none")} />
      </Card>
    );
  }
  return (
    <div class="stack">
      <Choose s={s} />
      <Report s={s} />
      {s.from && s.to && s.from.version !== s.to.version && (
        <Plan s={{ ...s, from: s.from, to: s.to }} />
      )}
      <Past s={s} />
    </div>
  );
}
