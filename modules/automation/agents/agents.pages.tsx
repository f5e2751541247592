import type { Hono } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  attempt,
  type C,
  type Flash,
  type Form,
  many,
  one,
  pathId,
  readForm,
  redirectAfterPost,
  type Status,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { sameOriginPath } from "../../../shared/http/redirect.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { knownKey } from "../../../shared/i18n/i18n.ts";
import { entityHistory, historyLabelsFor } from "../../../platform/activity/public.ts";
import { memberName } from "../../../platform/identity/public.ts";
import { Button, Dialog, Field, page, Tabs, Toast, tr, type Translate } from "../../../ui/kit.ts";
import {
  AGENT_KINDS,
  AGENT_STATES,
  type AgentKind,
  type AgentState,
} from "../common/common.schemas.ts";
import { templatesIn } from "../templates/templates.lib.ts";
import { deleteEnv, listEnv, setEnv } from "../secrets/secrets.service.ts";
import {
  agentDetail,
  changeAgent,
  createAgent,
  diffVersions,
  listAgents,
  listVersions,
  removeAgent,
  restoreVersion,
  setAgentState,
} from "./agents.service.ts";
import { grantChoices } from "./agents.rules.ts";
import { jsonField, kindConfig } from "./agents.forms.lib.ts";
import {
  AgentFilters,
  AgentsTable,
  AgentState as StateOf,
  grantLabel,
  NewAgentDialog,
  Overview,
} from "./agents.view.tsx";
import { CodeTab, ConfigTab, EnvTab, VersionsTab } from "./agents.tabs.view.tsx";
import { OPERATIONS } from "../operations/operations.service.ts";
import { AgentInput, AgentUpdate } from "./agents.schemas.ts";

const READ = "automation.agent.read";
const WRITE = "automation.agent.write";
const TABS = ["overview", "code", "config", "env", "versions", "history"] as const;
type Tab = typeof TABS[number];

/** Form input checked like the API's body: bad input is a 400 shown on the page. */
function valid<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw problems.validation(
      parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  return parsed.data;
}

/** A version number from the path or query; anything else finds nothing. */
function versionOf(raw: string | undefined): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw problems.notFound();
  return n;
}

const canWrite = (c: C) => hasPermission(c.var.session.permissions, WRITE);
const perms = (c: C) => ({ known: c.var.platform.permissions });
const crumbs = (t: Translate) => [
  { label: t("module.automation"), href: "/automation" },
  { label: t("page.agents"), href: "/automation/agents" },
];
const Assets = () => (
  <>
    <link rel="stylesheet" href="/assets/prism.css" />
    <link rel="stylesheet" href="/assets/agents-editor.css" />
  </>
);

async function listPage(c: C, flash?: Flash, status: Status = 200) {
  const t: Translate = tr(c);
  const q = c.req.query();
  const state = AGENT_STATES.includes(q.state as AgentState) ? q.state as AgentState : undefined;
  const kind = AGENT_KINDS.includes(q.kind as AgentKind) ? q.kind as AgentKind : undefined;
  const text = (q.q ?? "").slice(0, 200);
  const list = await listAgents(actorOf(c), {
    limit: 25,
    cursor: q.cursor || undefined,
    state,
    kind,
    q: text || undefined,
  });
  const params = new URLSearchParams({ state: state ?? "", kind: kind ?? "", q: text });
  const more = list.nextCursor
    ? `/automation/agents?${params}&cursor=${encodeURIComponent(list.nextCursor)}`
    : null;
  const dialog = canWrite(c)
    ? <NewAgentDialog templates={templatesIn(c.var.locale)} flash={flash} />
    : undefined;
  return await page(
    c,
    t("page.agents"),
    <>
      <Assets />
      {flash && <Toast flash={flash} />}
      <AgentFilters v={{ state: state ?? "", kind: kind ?? "", q: text }} />
      <AgentsTable rows={list.items} more={more} />
    </>,
    { status, crumbs: [{ label: t("module.automation"), href: "/automation" }], actions: dialog },
  );
}

async function createPage(c: C) {
  const form = await readForm(c);
  const start = one(form.start);
  const [how, value] = start.split(":");
  const input = {
    name: one(form.name),
    description: one(form.description),
    ...(how === "template" ? { template: value } : { kind: value as AgentKind }),
  };
  const done = await attempt(() =>
    createAgent(actorOf(c), { agent: valid(AgentInput, input), perms: perms(c) })
  );
  if (!done.ok) return await listPage(c, done.flash, done.status);
  return redirectAfterPost(c, `/automation/agents/${done.value.id}`);
}

/** The agent page with one tab open. */
async function agentPage(c: C, tab: Tab, flash?: Flash, status: Status = 200) {
  const t: Translate = tr(c);
  const id = pathId(c);
  const sql = c.var.sql;
  const actor = actorOf(c);
  const agent = await agentDetail(actor, id);
  const write = canWrite(c);
  const href = (tb: Tab) => `/automation/agents/${id}${tb === "overview" ? "" : `/${tb}`}`;
  const codeLabel = t(`automation.agents.tab.code.${agent.kind}`);
  const tabs = TABS.filter((tb) => tb !== "config" || agent.kind === "script");
  const grantName = (code: string) => grantLabel(t, code);
  // History keys come from stored data: a known key's text, or nothing (unknown keys showed as
  // themselves before, which the state and kind values keep).
  const labelOf = (key: string) => {
    const known = knownKey(key, "ui.none");
    return known === key ? t(known) : undefined;
  };
  let body;
  if (tab === "overview") {
    body = (
      <Overview
        agent={agent}
        jobs={agent.jobs}
        creator={agent.createdBy ? await memberName(sql, agent.createdBy) : null}
        grantName={grantName}
      />
    );
  } else if (tab === "code") {
    body = <CodeTab agent={agent} write={write} operations={[...OPERATIONS.values()]} />;
  } else if (tab === "config") {
    body = <ConfigTab agent={agent} write={write} />;
  } else if (tab === "env") {
    body = <EnvTab agentId={id} items={(await listEnv(actor, id)).items} write={write} />;
  } else if (tab === "versions") {
    const list = await listVersions(actor, { id, limit: 100 });
    const asked = (name: string, fallback: number) => {
      const n = Number(c.req.query(name) ?? fallback);
      return Number.isInteger(n) && n >= 1 && n <= agent.version ? n : fallback;
    };
    const show = asked("show", agent.version);
    const against = asked("against", Math.max(1, show - 1));
    const diff = show !== against
      ? await attempt(() => diffVersions(actor, { id, version: show, against }))
      : null;
    body = (
      <VersionsTab
        agentId={id}
        items={list.items}
        show={show}
        against={against}
        diff={diff?.ok ? diff.value.diff : null}
        write={write}
      />
    );
  } else {
    body = await entityHistory(c, {
      module: "automation",
      entityType: "agent",
      entityId: id,
      limit: 50,
      labels: historyLabelsFor(c, {
        action: (a) => labelOf(`automation.agents.history.${a}`),
        field: (_type, f) => labelOf(`automation.agents.field.${f}`),
        value: (_type, f, v) =>
          f === "state" && typeof v === "string"
            ? labelOf(`automation.agents.state.${v}`) ?? `automation.agents.state.${v}`
            : f === "kind" && typeof v === "string"
            ? labelOf(`automation.kinds.${v}`) ?? `automation.kinds.${v}`
            : f === "grants" && Array.isArray(v)
            ? v.map((g) => grantName(String(g))).join(", ")
            : undefined,
      }),
    });
  }
  const actions = write
    ? (
      <>
        <form method="post" action={`/automation/agents/${id}/state`} class="inline">
          <input type="hidden" name="state" value={agent.state === "pasif" ? "aktif" : "pasif"} />
          <input type="hidden" name="back" value={href(tab)} />
          <Button
            type="submit"
            variant="secondary"
            icon={agent.state === "pasif" ? "play" : "pause"}
          >
            {agent.state === "pasif"
              ? t("automation.agents.enable")
              : agent.state === "hata"
              ? t("automation.agents.disable")
              : t("automation.agents.disable")}
          </Button>
        </form>
        {agent.state === "hata" && (
          <form method="post" action={`/automation/agents/${id}/state`} class="inline">
            <input type="hidden" name="state" value="aktif" />
            <input type="hidden" name="back" value={href(tab)} />
            <Button type="submit" variant="secondary" icon="rotate-ccw">
              {t("automation.agents.reactivate")}
            </Button>
          </form>
        )}
        <Dialog
          id="test-run"
          title={t("automation.agents.testRun")}
          trigger={t("automation.agents.testRun")}
          icon="flask-conical"
          variant="secondary"
          closeLabel={t("ui.close")}
        >
          <form method="post" action={`/automation/agents/${id}/test-run`} class="form-grid">
            <Field
              label={t("automation.agents.testInput")}
              hint={t("automation.agents.testInputHint")}
              wide
            >
              <textarea name="input" rows={6} class="code-input">{"{}"}</textarea>
            </Field>
            <div class="form-actions field-wide">
              <button type="submit" class="btn btn-primary">{t("automation.agents.runNow")}</button>
            </div>
          </form>
        </Dialog>
        <Dialog
          id="edit-agent"
          title={t("automation.agents.edit")}
          trigger={t("ui.edit")}
          icon="pencil"
          variant="secondary"
          closeLabel={t("ui.close")}
          wide
        >
          <form method="post" action={`/automation/agents/${id}/edit`} class="form-grid">
            <Field label={t("automation.agents.name")} wide>
              <input name="name" value={agent.name} required maxLength={100} />
            </Field>
            <Field label={t("automation.agents.description")} wide>
              <textarea name="description" rows={3} maxLength={2000}>{agent.description}</textarea>
            </Field>
            <fieldset class="field-wide">
              <legend>{t("automation.agents.grants")}</legend>
              <p class="muted">{t("automation.agents.grantsHint")}</p>
              <input type="hidden" name="grantsShown" value="1" />
              <div class="checks">
                {[
                  ...new Set([
                    ...grantChoices(c.var.platform.permissions, c.var.session.permissions),
                    ...agent.grants,
                  ]),
                ]
                  .map((g) => (
                    <label>
                      <input
                        type="checkbox"
                        name="grants"
                        value={g}
                        checked={agent.grants.includes(g)}
                      />
                      {grantName(g)}
                    </label>
                  ))}
              </div>
            </fieldset>
            <input type="hidden" name="back" value={href(tab)} />
            <div class="form-actions field-wide">
              <button type="submit" class="btn btn-primary">{t("ui.save")}</button>
            </div>
          </form>
        </Dialog>
        <Dialog
          id="delete-agent"
          title={t("automation.agents.deleteTitle", { name: agent.name })}
          trigger={t("ui.delete")}
          icon="trash-2"
          variant="danger"
          closeLabel={t("ui.close")}
        >
          <form method="post" action={`/automation/agents/${id}/delete`} class="form-grid">
            <p class="field-wide">{t("automation.agents.deleteConfirm")}</p>
            {agent.jobs.length > 0 && (
              <>
                <p class="field-wide">
                  {t("automation.agents.deleteJobs", {
                    jobs: agent.jobs.map((j) => j.name).join(", "),
                  })}
                </p>
                <label class="field-wide">
                  <input type="checkbox" name="force" value="true" required />{" "}
                  {t("automation.agents.deleteForce")}
                </label>
              </>
            )}
            <div class="form-actions field-wide">
              <button type="submit" class="btn btn-danger">{t("ui.delete")}</button>
            </div>
          </form>
        </Dialog>
      </>
    )
    : undefined;
  return await page(
    c,
    agent.name,
    <>
      <Assets />
      {flash && <Toast flash={flash} />}
      {c.req.query("saved") && !flash && (
        <Toast flash={{ kind: "ok", text: t("automation.agents.saved") }} />
      )}
      <p>
        <StateOf state={agent.state} />
      </p>
      <Tabs
        label={t("automation.agents.tabs")}
        items={tabs.map((tb) => ({
          href: href(tb),
          label: tb === "code" ? codeLabel : t(`automation.agents.tab.${tb}`),
          current: tb === tab,
          ...(tb === "env" ? { count: agent.envNames.length } : {}),
        }))}
      />
      <div class="stack">{body}</div>
      {(tab === "code" || tab === "config") && (
        <>
          <script src="/assets/prism.js" defer></script>
          <script src="/assets/prism-typescript.js" defer></script>
          <script src="/assets/prism-json.js" defer></script>
          <script src="/assets/agents-editor.js" type="module"></script>
        </>
      )}
    </>,
    { status, crumbs: crumbs(t), actions },
  );
}

/** A form post on the agent page: success goes back to the tab; a failure shows it there. */
function action(
  tab: Tab,
  run: (c: C, id: string, form: Form) => Promise<unknown>,
  to?: (id: string) => string,
) {
  return async (c: C) => {
    const id = pathId(c);
    const form = await readForm(c);
    const done = await attempt(() => run(c, id, form));
    if (!done.ok) return await agentPage(c, tab, done.flash, done.status);
    const back = sameOriginPath(one(form.back), "");
    const target = to?.(id) ??
      (back.startsWith(`/automation/agents/${id}`)
        ? back
        : `/automation/agents/${id}${tab === "overview" ? "" : `/${tab}`}`);
    return redirectAfterPost(c, `${target}${target.includes("?") ? "&" : "?"}saved=1`);
  };
}

async function saveCode(c: C, id: string, form: Form) {
  const agent = await agentDetail(actorOf(c), id);
  const note = one(form.note) || undefined;
  if (agent.kind === "script") {
    const code = typeof form.code === "string" ? form.code.replace(/\r\n/g, "\n") : "";
    return await changeAgent(actorOf(c), {
      id,
      patch: valid(AgentUpdate, { code, note }),
      perms: perms(c),
    });
  }
  const patch = valid(AgentUpdate, { config: kindConfig(agent.kind, form), note });
  return await changeAgent(actorOf(c), { id, patch, perms: perms(c) });
}

export function mountAgentsPages(app: Hono<AppEnv>) {
  const read = requirePermission(READ);
  const write = requirePermission(WRITE);
  app.get("/agents", read, (c) => listPage(c));
  app.post("/agents", write, createPage);
  app.get("/agents/:id", read, (c) => agentPage(c, "overview"));
  for (const tab of TABS.slice(1)) app.get(`/agents/:id/${tab}`, read, (c) => agentPage(c, tab));
  app.post(
    "/agents/:id/state",
    write,
    action("overview", (c, id, form) => {
      const state = one(form.state);
      if (state !== "aktif" && state !== "pasif") {
        throw problems.validation([{ path: "state", message: "aktif or pasif" }]);
      }
      return setAgentState(actorOf(c), { id, state });
    }),
  );
  app.post(
    "/agents/:id/edit",
    write,
    action("overview", (c, id, form) =>
      changeAgent(actorOf(c), {
        id,
        patch: valid(AgentUpdate, {
          name: one(form.name),
          description: typeof form.description === "string" ? form.description : "",
          ...(one(form.grantsShown) ? { grants: many(form.grants) } : {}),
        }),
        perms: perms(c),
      })),
  );
  app.post("/agents/:id/code", write, action("code", saveCode));
  app.post(
    "/agents/:id/config",
    write,
    action("config", (c, id, form) =>
      changeAgent(actorOf(c), {
        id,
        patch: valid(AgentUpdate, {
          config: jsonField(form, "config"),
          note: one(form.note) || undefined,
        }),
        perms: perms(c),
      })),
  );
  app.post(
    "/agents/:id/env",
    write,
    action("env", (c, id, form) =>
      setEnv(actorOf(c), {
        agentId: id,
        name: one(form.name).toUpperCase(),
        value: typeof form.value === "string" ? form.value : "",
      })),
  );
  app.post(
    "/agents/:id/env/:name/delete",
    write,
    action(
      "env",
      (c, id) => deleteEnv(actorOf(c), { agentId: id, name: c.req.param("name") ?? "" }),
    ),
  );
  app.post(
    "/agents/:id/versions/:version/restore",
    write,
    action("versions", (c, id, form) =>
      restoreVersion(actorOf(c), {
        id,
        version: versionOf(c.req.param("version")),
        note: one(form.note) || undefined,
        perms: perms(c),
      })),
  );
  app.post("/agents/:id/delete", write, async (c) => {
    const id = pathId(c);
    const form = await readForm(c);
    const done = await attempt(() =>
      removeAgent(actorOf(c), { id, force: one(form.force) === "true" })
    );
    if (!done.ok) return await agentPage(c, "overview", done.flash, done.status);
    return redirectAfterPost(c, "/automation/agents");
  });
}
