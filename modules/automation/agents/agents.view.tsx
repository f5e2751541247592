/** The agent pages' parts, drawn with the ui/ kit (data in, markup out). */
import type { ComponentChildren } from "preact";
import {
  Badge,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Filters,
  Icon,
  RelativeTime,
  StateBadge,
  Toast,
  type Translate,
  UserChip,
  useT,
} from "../../../ui/kit.ts";
import { knownKey } from "../../../shared/i18n/i18n.ts";
import type { Flash } from "../../../shared/http/pages.ts";
import {
  AGENT_KINDS,
  AGENT_STATES,
  type AgentKind,
  type AgentState as AgentStateValue,
  type RunStatus,
} from "../common/common.schemas.ts";
import { KIND_LOOK } from "../kinds/kinds.lib.ts";
import type { Agent } from "./agents.schemas.ts";

const base = (id: string) => `/automation/agents/${id}`;

export function KindLabel({ kind }: { kind: AgentKind }) {
  const t = useT();
  return (
    <span class="inline-icon">
      <Icon name={KIND_LOOK[kind].icon} size={16} /> {t(KIND_LOOK[kind].labelKey)}
    </span>
  );
}

export function AgentState({ state }: { state: AgentStateValue }) {
  const t = useT();
  return <StateBadge kind="agent" value={state} label={t(`automation.agents.state.${state}`)} />;
}

export function LastRun({ agent }: { agent: Agent }) {
  const t = useT();
  if (!agent.lastRunAt) return <span class="muted">{t("automation.agents.neverRun")}</span>;
  return (
    <span>
      <RelativeTime at={agent.lastRunAt} /> {agent.lastStatus && (
        <StateBadge
          kind="job"
          value={agent.lastStatus}
          // last_status is copied from the agent's last run: a RunStatus.
          label={t(`automation.runs.state.${agent.lastStatus as RunStatus}`)}
        />
      )}
    </span>
  );
}

export function AgentFilters(
  { v }: { v: { state: string; kind: string; q: string } },
) {
  const t = useT();
  return (
    <Filters action="/automation/agents" target="#agents" label={t("ui.filters")}>
      <Field label={t("automation.agents.search")}>
        <input type="search" name="q" value={v.q} />
      </Field>
      <Field label={t("automation.agents.state")}>
        <select name="state">
          <option value="">{t("automation.agents.allStates")}</option>
          {AGENT_STATES.map((s) => (
            <option value={s} selected={v.state === s}>{t(`automation.agents.state.${s}`)}</option>
          ))}
        </select>
      </Field>
      <Field label={t("automation.agents.kind")}>
        <select name="kind">
          <option value="">{t("automation.agents.allKinds")}</option>
          {AGENT_KINDS.map((k) => (
            <option value={k} selected={v.kind === k}>{t(KIND_LOOK[k].labelKey)}</option>
          ))}
        </select>
      </Field>
    </Filters>
  );
}

export function AgentsTable(
  { rows, more, newAgent }: {
    rows: Agent[];
    more: string | null;
    newAgent?: ComponentChildren;
  },
) {
  const t = useT();
  return (
    <DataTable
      id="agents"
      label={t("page.agents")}
      rows={rows}
      columns={[
        { label: t("automation.agents.name"), cell: (r) => <a href={base(r.id)}>{r.name}</a> },
        { label: t("automation.agents.kind"), cell: (r) => <KindLabel kind={r.kind} /> },
        { label: t("automation.agents.state"), cell: (r) => <AgentState state={r.state} /> },
        { label: t("automation.agents.lastRun"), cell: (r) => <LastRun agent={r} /> },
        {
          label: t("automation.agents.version"),
          cell: (r) => t("automation.agents.versionN", { n: r.version }),
          numeric: true,
          wide: true,
        },
      ]}
      empty={
        <EmptyState
          icon="bot"
          title={t("automation.agents.empty")}
          action={newAgent}
        >
          {t("automation.agents.emptyHint")}
        </EmptyState>
      }
      more={more ? { href: more, label: t("ui.loadMore") } : undefined}
    />
  );
}

export interface TemplateCard {
  key: string;
  name: string;
  description: string;
  kind: AgentKind;
  icon: string;
}

/** "New agent": a template (cards) or a blank agent of a kind, and a name. */
export function NewAgentDialog(
  { templates, flash }: { templates: TemplateCard[]; flash?: Flash },
) {
  const t = useT();
  return (
    <Dialog
      id="new-agent"
      title={t("automation.agents.new")}
      trigger={t("automation.agents.new")}
      icon="plus"
      closeLabel={t("ui.close")}
      wide
    >
      <form method="post" action="/automation/agents" class="form-grid">
        <Toast flash={flash} />
        <fieldset class="field-wide">
          <legend>{t("automation.agents.startFrom")}</legend>
          <ul class="template-cards">
            {AGENT_KINDS.map((k, i) => (
              <li>
                <label>
                  <input type="radio" name="start" value={`kind:${k}`} checked={i === 0} />
                  <Icon name={KIND_LOOK[k].icon} />
                  <span>
                    <strong>
                      {t("automation.agents.blank", { kind: t(KIND_LOOK[k].labelKey) })}
                    </strong>
                    <span class="muted">{t(`${KIND_LOOK[k].labelKey}.hint`)}</span>
                  </span>
                </label>
              </li>
            ))}
            {templates.map((tpl) => (
              <li>
                <label>
                  <input type="radio" name="start" value={`template:${tpl.key}`} />
                  <Icon name={tpl.icon} />
                  <span>
                    <strong>{tpl.name}</strong>
                    <span class="muted">{tpl.description}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <Field label={t("automation.agents.name")} wide>
          <input name="name" required maxLength={100} />
        </Field>
        <Field label={t("automation.agents.description")} wide>
          <textarea name="description" rows={2} maxLength={2000}></textarea>
        </Field>
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t("ui.create")}</button>
        </div>
      </form>
    </Dialog>
  );
}

/** A grant code ("support.ticket.read") in words; parts without a label stay as they are. */
export function grantLabel(t: Translate, code: string) {
  const [module, resource, action] = code.split(".");
  const word = (key: string, raw: string) => {
    const known = knownKey(key, "ui.none");
    return known === key ? t(known) : raw;
  };
  const m = word(`module.${module}`, module);
  const r = word(`perm.resource.${resource}`, resource);
  const a = word(`perm.action.${action}`, action);
  return `${m} · ${r}: ${a}`;
}

export function GrantList(
  { grants, label }: { grants: string[]; label: (code: string) => string },
) {
  const t = useT();
  if (!grants.length) return <p class="muted">{t("automation.agents.noGrants")}</p>;
  return (
    <ul class="grant-list">
      {grants.map((g) => <li>{label(g)}</li>)}
    </ul>
  );
}

export function Overview(
  { agent, jobs, creator, grantName }: {
    agent: Agent;
    jobs: { id: string; name: string; enabled: boolean }[];
    creator: string | null;
    grantName: (code: string) => string;
  },
) {
  const t = useT();
  return (
    <>
      {agent.state === "hata" && agent.lastError && (
        <div class="alert error" role="alert">
          <Icon name="circle-alert" />
          <div>
            <strong>{t("automation.agents.failing")}</strong>
            <pre class="agent-error">{agent.lastError}</pre>
          </div>
        </div>
      )}
      <Card title={t("automation.agents.about")}>
        <dl class="facts">
          <dt>{t("automation.agents.description")}</dt>
          <dd>{agent.description || <span class="muted">{t("ui.none")}</span>}</dd>
          <dt>{t("automation.agents.kind")}</dt>
          <dd>
            <KindLabel kind={agent.kind} />
          </dd>
          <dt>{t("automation.agents.state")}</dt>
          <dd>
            <AgentState state={agent.state} />
          </dd>
          <dt>{t("automation.agents.version")}</dt>
          <dd>{t("automation.agents.versionN", { n: agent.version })}</dd>
          <dt>{t("automation.agents.lastRun")}</dt>
          <dd>
            <LastRun agent={agent} />
          </dd>
          {agent.consecutiveFailures > 0 && (
            <>
              <dt>{t("automation.agents.failures")}</dt>
              <dd>{agent.consecutiveFailures}</dd>
            </>
          )}
          {agent.lastError && agent.state !== "hata" && (
            <>
              <dt>{t("automation.agents.lastError")}</dt>
              <dd>
                <pre class="agent-error">{agent.lastError}</pre>
              </dd>
            </>
          )}
          <dt>{t("automation.agents.createdBy")}</dt>
          <dd>{creator ? <UserChip name={creator} /> : <span class="muted">—</span>}</dd>
          <dt>{t("automation.agents.created")}</dt>
          <dd>
            <RelativeTime at={agent.createdAt} />
          </dd>
        </dl>
      </Card>
      <Card title={t("automation.agents.grants")}>
        <p class="muted">{t("automation.agents.grantsHint")}</p>
        <GrantList grants={agent.grants} label={grantName} />
      </Card>
      <Card title={t("automation.agents.jobs")}>
        {jobs.length
          ? (
            <ul>
              {jobs.map((j) => (
                <li>
                  <a href={`/automation/jobs/${j.id}`}>{j.name}</a>{" "}
                  {!j.enabled && <Badge>{t("automation.agents.jobOff")}</Badge>}
                </li>
              ))}
            </ul>
          )
          : <p class="muted">{t("automation.agents.noJobs")}</p>}
      </Card>
    </>
  );
}

/** The diff as lines coloured by what happened to them. */
export function DiffView({ diff, label }: { diff: string; label: string }) {
  const lines = diff.split("\n").filter((l) => l !== "" && !l.startsWith("Index:"));
  return (
    <pre class="diff" aria-label={label}>
      {lines.map((l) => {
        const cls = l.startsWith("+++") || l.startsWith("---")
          ? "diff-file"
          : l.startsWith("@@")
          ? "diff-hunk"
          : l.startsWith("+")
          ? "diff-add"
          : l.startsWith("-")
          ? "diff-del"
          : "";
        return <span class={cls || undefined}>{l}</span>;
      })}
    </pre>
  );
}
