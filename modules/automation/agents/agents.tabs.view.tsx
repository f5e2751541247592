/** The agent page's tabs that edit things: code or kind form, config, environment, versions. */
import {
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  RelativeTime,
  UserChip,
  useT,
} from "../../../ui/kit.ts";
import { knownKey } from "../../../shared/i18n/i18n.ts";
import { canonicalJson } from "./agents.rules.ts";
import type { Agent } from "./agents.schemas.ts";
import { DiffView } from "./agents.view.tsx";

const str = (v: unknown) => (typeof v === "string" ? v : "");

function NoteAndSave({ write }: { write: boolean }) {
  const t = useT();
  if (!write) return null;
  return (
    <>
      <Field label={t("automation.agents.note")} hint={t("automation.agents.noteHint")} wide>
        <input name="note" maxLength={500} />
      </Field>
      <div class="form-actions field-wide">
        <button type="submit" class="btn btn-primary">{t("automation.agents.saveVersion")}</button>
        <span class="muted">{t("automation.agents.saveShortcut")}</span>
      </div>
    </>
  );
}

function HttpForm({ config, write }: { config: Record<string, unknown>; write: boolean }) {
  const t = useT();
  const headers = Object.entries((config.headers ?? {}) as Record<string, string>)
    .map(([k, v]) => `${k}: ${v}`).join("\n");
  const expected = [config.expectedStatus ?? []].flat().join(", ");
  const timeout = typeof config.timeoutMs === "number" ? String(config.timeoutMs / 1000) : "";
  return (
    <>
      <Field label={t("automation.agents.http.method")}>
        <select name="method" disabled={!write}>
          {["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"].map((m) => (
            <option value={m} selected={(config.method ?? "GET") === m}>{m}</option>
          ))}
        </select>
      </Field>
      <Field
        label={t("automation.agents.http.url")}
        hint={t("automation.agents.http.urlHint")}
        wide
      >
        <input name="url" value={str(config.url)} required readOnly={!write} inputMode="url" />
      </Field>
      <Field
        label={t("automation.agents.http.headers")}
        hint={t("automation.agents.http.headersHint")}
        wide
      >
        <textarea name="headers" rows={4} class="code-input" readOnly={!write}>{headers}</textarea>
      </Field>
      <Field
        label={t("automation.agents.http.body")}
        hint={t("automation.agents.http.bodyHint")}
        wide
      >
        <textarea name="body" rows={6} class="code-input" readOnly={!write}>
          {str(config.body)}
        </textarea>
      </Field>
      <Field
        label={t("automation.agents.http.expected")}
        hint={t("automation.agents.http.expectedHint")}
      >
        <input name="expectedStatus" value={expected} readOnly={!write} />
      </Field>
      <Field label={t("automation.agents.http.timeout")}>
        <input
          name="timeoutSeconds"
          type="number"
          min="0.1"
          max="300"
          step="0.1"
          value={timeout}
          readOnly={!write}
        />
      </Field>
    </>
  );
}

/** A platform operation an agent may call, as the form lists it. */
export interface OperationChoice {
  name: string;
  labelKey: string;
}

function PlatformForm(
  { config, write, operations }: {
    config: Record<string, unknown>;
    write: boolean;
    operations: OperationChoice[];
  },
) {
  const t = useT();
  return (
    <>
      <Field label={t("automation.agents.platform.operation")} wide>
        <select name="operation" disabled={!write}>
          {operations.map((op) => (
            <option value={op.name} selected={config.operation === op.name}>
              {t(knownKey(op.labelKey, "automation.agents.platform.operation"))}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t("automation.agents.platform.input")}
        hint={t("automation.agents.platform.inputHint")}
        wide
      >
        <div data-code-editor="json">
          <textarea name="input" rows={8} class="code-input" readOnly={!write}>
            {canonicalJson(config.input ?? {}, 2)}
          </textarea>
        </div>
      </Field>
    </>
  );
}

function EmailForm(
  { config, write }: { config: Record<string, unknown>; write: boolean },
) {
  const t = useT();
  const to = Array.isArray(config.to) ? config.to.join("\n") : "";
  return (
    <>
      <Field
        label={t("automation.agents.email.to")}
        hint={t("automation.agents.email.toHint")}
        wide
      >
        <textarea name="to" rows={3} readOnly={!write}>{to}</textarea>
      </Field>
      <Field label={t("automation.agents.email.subject")} wide>
        <input name="subject" value={str(config.subject)} required readOnly={!write} />
      </Field>
      <Field
        label={t("automation.agents.email.body")}
        hint={t("automation.agents.email.bodyHint")}
        wide
      >
        <textarea name="body" rows={8} readOnly={!write}>{str(config.body)}</textarea>
      </Field>
    </>
  );
}

export function CodeTab(
  { agent, write, operations }: {
    agent: Agent;
    write: boolean;
    operations: OperationChoice[];
  },
) {
  const t = useT();
  const action = `/automation/agents/${agent.id}/code`;
  return (
    <Card title={t(`automation.agents.tab.code.${agent.kind}`)}>
      <form method="post" action={action} class="form-grid" data-save-shortcut="">
        {agent.kind === "script" && (
          <Field label={t("automation.agents.code")} hint={t("automation.agents.codeHint")} wide>
            <div data-code-editor="typescript">
              <textarea
                name="code"
                rows={20}
                class="code-input"
                spellcheck={false}
                readOnly={!write}
              >
                {agent.code}
              </textarea>
            </div>
          </Field>
        )}
        {agent.kind === "http" && <HttpForm config={agent.config} write={write} />}
        {agent.kind === "platform" && (
          <PlatformForm config={agent.config} write={write} operations={operations} />
        )}
        {agent.kind === "email" && <EmailForm config={agent.config} write={write} />}
        <NoteAndSave write={write} />
      </form>
    </Card>
  );
}

export function ConfigTab({ agent, write }: { agent: Agent; write: boolean }) {
  const t = useT();
  return (
    <Card title={t("automation.agents.tab.config")}>
      <p class="muted">{t("automation.agents.configHint")}</p>
      <form
        method="post"
        action={`/automation/agents/${agent.id}/config`}
        class="form-grid"
        data-save-shortcut=""
      >
        <Field label={t("automation.agents.configJson")} wide>
          <div data-code-editor="json">
            <textarea
              name="config"
              rows={12}
              class="code-input"
              spellcheck={false}
              readOnly={!write}
            >
              {canonicalJson(agent.config, 2)}
            </textarea>
          </div>
        </Field>
        <NoteAndSave write={write} />
      </form>
    </Card>
  );
}

export function EnvTab(
  { agentId, items, write }: {
    agentId: string;
    items: { name: string; updatedAt: string }[];
    write: boolean;
  },
) {
  const t = useT();
  const base = `/automation/agents/${agentId}/env`;
  const add = write
    ? (
      <Dialog
        id="env-new"
        title={t("automation.agents.env.add")}
        trigger={t("automation.agents.env.add")}
        icon="plus"
        closeLabel={t("ui.close")}
      >
        <form method="post" action={base} class="form-grid">
          <Field
            label={t("automation.agents.env.name")}
            hint={t("automation.agents.env.nameHint")}
            wide
          >
            <input name="name" required pattern="[A-Za-z_][A-Za-z0-9_]{0,63}" autocomplete="off" />
          </Field>
          <Field label={t("automation.agents.env.value")} wide>
            <input name="value" type="password" autocomplete="new-password" />
          </Field>
          <div class="form-actions field-wide">
            <button type="submit" class="btn btn-primary">{t("ui.save")}</button>
          </div>
        </form>
      </Dialog>
    )
    : null;
  return (
    <Card title={t("automation.agents.tab.env")} actions={add}>
      <p class="muted">{t("automation.agents.env.hint")}</p>
      <DataTable
        id="agent-env"
        label={t("automation.agents.tab.env")}
        rows={items}
        columns={[
          { label: t("automation.agents.env.name"), cell: (r) => <code>{r.name}</code> },
          {
            label: t("automation.agents.env.value"),
            cell: () => (
              <span class="env-value" aria-label={t("automation.agents.env.hidden")}>••••••</span>
            ),
          },
          {
            label: t("automation.agents.env.updated"),
            cell: (r) => <RelativeTime at={r.updatedAt} />,
          },
        ]}
        actions={write
          ? (r) => (
            <>
              <Dialog
                id={`env-set-${r.name}`}
                title={t("automation.agents.env.rotate", { name: r.name })}
                trigger={t("automation.agents.env.rotate", { name: r.name })}
                icon="key-round"
                iconOnly
                closeLabel={t("ui.close")}
              >
                <form method="post" action={base} class="form-grid">
                  <input type="hidden" name="name" value={r.name} />
                  <Field label={t("automation.agents.env.newValue")} wide>
                    <input name="value" type="password" autocomplete="new-password" required />
                  </Field>
                  <div class="form-actions field-wide">
                    <button type="submit" class="btn btn-primary">{t("ui.save")}</button>
                  </div>
                </form>
              </Dialog>
              <Dialog
                id={`env-del-${r.name}`}
                title={t("automation.agents.env.delete", { name: r.name })}
                trigger={t("automation.agents.env.delete", { name: r.name })}
                icon="trash-2"
                iconOnly
                variant="danger"
                closeLabel={t("ui.close")}
              >
                <form method="post" action={`${base}/${r.name}/delete`} class="form-grid">
                  <p class="field-wide">
                    {t("automation.agents.env.deleteConfirm", { name: r.name })}
                  </p>
                  <div class="form-actions field-wide">
                    <button type="submit" class="btn btn-danger">{t("ui.delete")}</button>
                  </div>
                </form>
              </Dialog>
            </>
          )
          : undefined}
        actionsLabel={t("ui.actions")}
        empty={<EmptyState icon="key-round" title={t("automation.agents.env.none")} action={add} />}
      />
    </Card>
  );
}

export function VersionsTab(
  { agentId, items, show, against, diff, write }: {
    agentId: string;
    items: {
      version: number;
      note: string;
      createdByName: string | null;
      createdAt: string;
      current: boolean;
    }[];
    show: number;
    against: number;
    diff: string | null;
    write: boolean;
  },
) {
  const t = useT();
  const base = `/automation/agents/${agentId}/versions`;
  const options = items.map((v) => v.version);
  return (
    <>
      <Card title={t("automation.agents.versions.compare")}>
        <form method="get" action={base} class="filters">
          <Field label={t("automation.agents.versions.show")}>
            <select name="show">
              {options.map((v) => (
                <option value={v} selected={v === show}>
                  {t("automation.agents.versionN", { n: v })}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("automation.agents.versions.against")}>
            <select name="against">
              {options.map((v) => (
                <option value={v} selected={v === against}>
                  {t("automation.agents.versionN", { n: v })}
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit" variant="secondary">
            {t("automation.agents.versions.compareButton")}
          </Button>
        </form>
        {diff === null
          ? <p class="muted">{t("automation.agents.versions.pick")}</p>
          : diff === ""
          ? <p class="muted">{t("automation.agents.versions.same")}</p>
          : (
            <DiffView
              diff={diff}
              label={t("automation.agents.versions.diffLabel", { a: against, b: show })}
            />
          )}
      </Card>
      <DataTable
        id="agent-versions"
        label={t("automation.agents.tab.versions")}
        rows={items}
        columns={[
          {
            label: t("automation.agents.version"),
            cell: (v) => (
              <a href={`${base}?show=${v.version}&against=${v.version - 1}`}>
                {t("automation.agents.versionN", { n: v.version })}
                {v.current ? ` · ${t("automation.agents.versions.current")}` : ""}
              </a>
            ),
          },
          {
            label: t("automation.agents.versions.note"),
            cell: (v) => v.note || <span class="muted">—</span>,
          },
          {
            label: t("automation.agents.versions.by"),
            cell: (v) =>
              v.createdByName ? <UserChip name={v.createdByName} /> : <span class="muted">—</span>,
          },
          {
            label: t("automation.agents.versions.when"),
            cell: (v) => <RelativeTime at={v.createdAt} />,
          },
        ]}
        actions={write
          ? (v) =>
            v.current
              ? null
              : (
                <form method="post" action={`${base}/${v.version}/restore`} class="inline">
                  <Button type="submit" variant="ghost" small icon="history">
                    {t("automation.agents.versions.restore", { n: v.version })}
                  </Button>
                </form>
              )
          : undefined}
        actionsLabel={t("ui.actions")}
      />
    </>
  );
}
