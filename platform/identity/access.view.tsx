import type { Flash } from "../../shared/http/form.ts";
import {
  Badge,
  Button,
  Card,
  DataTable,
  DateTime,
  EmptyState,
  Field,
  RelativeTime,
  SubmitRow,
  type Translate,
  useT,
} from "../../ui/kit.ts";
import type { Device } from "./sessions.rules.ts";
import { EXPIRY_DAYS } from "./api-tokens.rules.ts";
import { permissionGroups, roleName } from "./roles.labels.lib.ts";

export interface SessionItem {
  id: string;
  device: Device;
  address: string;
  workspace: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface TokenItem {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  expiresAt: string;
  lastUsedAt: string | null;
  lastUsedFrom: string | null;
  revokedAt: string | null;
  expired: boolean;
}

export interface AccountItem {
  id: string;
  name: string;
  role: string;
  tokens: number;
}

function Outcome({ flash }: { flash?: Flash }) {
  if (!flash) return null;
  return (
    <p class={`alert ${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
      {flash.text}
    </p>
  );
}

/** "Firefox on Windows" in the reader's words; browser and system names stay as they are. */
export function deviceName(t: Translate, d: Device) {
  if (d.browser && d.os) return t("access.sessions.on", { browser: d.browser, os: d.os });
  return d.browser ?? d.os ?? t("access.sessions.unknownDevice");
}

/** Where you are signed in: one row per session, this one marked. */
export function SessionsPanel({ sessions, flash }: { sessions: SessionItem[]; flash?: Flash }) {
  const t = useT();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div class="stack">
      <p class="muted">{t("access.sessions.intro")}</p>
      <Outcome flash={flash} />
      <Card
        flush
        actions={others > 0 && (
          <form method="post" action="/profile/sessions/end-others">
            <Button type="submit" variant="secondary" icon="log-out" small>
              {t("access.sessions.endOthers")}
            </Button>
          </form>
        )}
        title={t("access.sessions.title")}
      >
        <DataTable
          id="sessions"
          label={t("access.sessions.title")}
          rows={sessions}
          columns={[
            {
              label: t("access.sessions.device"),
              cell: (s) => (
                <span>
                  <strong>{deviceName(t, s.device)}</strong>{" "}
                  {s.current && <Badge tone="green">{t("access.sessions.thisDevice")}</Badge>}
                </span>
              ),
            },
            {
              label: t("access.sessions.address"),
              cell: (s) => s.address || t("access.sessions.unknownAddress"),
            },
            { label: t("access.sessions.workspace"), cell: (s) => s.workspace, wide: true },
            {
              label: t("access.sessions.lastSeen"),
              cell: (s) => <RelativeTime at={s.lastSeenAt} />,
            },
            {
              label: t("access.sessions.signedIn"),
              cell: (s) => <DateTime at={s.createdAt} />,
              wide: true,
            },
          ]}
          actions={(s) => (
            <form method="post" action={`/profile/sessions/${s.id}/end`}>
              <Button type="submit" variant="ghost" icon="log-out" small>
                {t("access.sessions.end")}
              </Button>
            </form>
          )}
          empty={<EmptyState title={t("access.sessions.none")} />}
        />
      </Card>
    </div>
  );
}

function TokenState({ token }: { token: TokenItem }) {
  const t = useT();
  if (token.revokedAt) return <Badge tone="gray">{t("access.tokens.revoked")}</Badge>;
  if (token.expired) return <Badge tone="amber">{t("access.tokens.expired")}</Badge>;
  return <Badge tone="green">{t("access.tokens.active")}</Badge>;
}

/** A list of tokens with their state, use and a revoke button. */
export function TokenTable(
  { tokens, revokeBase }: { tokens: TokenItem[]; revokeBase: string },
) {
  const t = useT();
  return (
    <DataTable
      id="tokens"
      label={t("access.tokens.title")}
      rows={tokens}
      columns={[
        {
          label: t("access.tokens.name"),
          cell: (k) => (
            <span>
              <strong>{k.name}</strong> <TokenState token={k} />
            </span>
          ),
        },
        { label: t("access.tokens.prefix"), cell: (k) => <code>{k.prefix}…</code>, wide: true },
        {
          label: t("access.tokens.scopes"),
          cell: (k) => t("access.tokens.count", { count: k.scopes.length }),
          wide: true,
        },
        { label: t("access.tokens.expires"), cell: (k) => <DateTime at={k.expiresAt} dateOnly /> },
        {
          label: t("access.tokens.lastUsed"),
          cell: (k) =>
            k.lastUsedAt
              ? (
                <span>
                  <RelativeTime at={k.lastUsedAt} /> {k.lastUsedFrom && (
                    <span class="muted">
                      {t("access.tokens.from", { address: k.lastUsedFrom })}
                    </span>
                  )}
                </span>
              )
              : <span class="muted">{t("access.tokens.never")}</span>,
        },
      ]}
      actions={(k) =>
        !k.revokedAt && (
          <form method="post" action={`${revokeBase}/${k.id}/revoke`}>
            <Button type="submit" variant="ghost" icon="trash-2" small>
              {t("access.tokens.revoke")}
            </Button>
          </form>
        )}
      empty={<EmptyState title={t("access.tokens.none")} />}
    />
  );
}

/** The new token's secret, shown this once, with a copy-friendly field. */
export function CreatedToken({ secret }: { secret: string }) {
  const t = useT();
  return (
    <Card title={t("access.tokens.new")}>
      <p class="alert ok" role="status">{t("access.tokens.created")}</p>
      <div class="form-grid">
        <Field label={t("access.tokens.title")} wide>
          <input id="new-token" type="text" readOnly value={secret} spellcheck={false} />
        </Field>
      </div>
    </Card>
  );
}

/** Name, permissions (within `grantable`) and expiry of a new token. */
export function NewTokenForm(
  { action, grantable, flash }: { action: string; grantable: string[]; flash?: Flash },
) {
  const t = useT();
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return (
    <Card title={t("access.tokens.new")}>
      <Outcome flash={flash} />
      <form class="form-grid" method="post" action={action}>
        <Field label={t("access.tokens.name")} hint={t("access.tokens.nameHint")} wide>
          <input name="name" type="text" required maxLength={100} autocomplete="off" />
        </Field>
        <Field label={t("access.tokens.expiry")}>
          <select name="expiry">
            {EXPIRY_DAYS.map((d) => (
              <option value={String(d)} selected={d === 30}>
                {t("access.tokens.days", { days: d })}
              </option>
            ))}
            <option value="date">{t("access.tokens.onDate")}</option>
          </select>
        </Field>
        <Field label={t("access.tokens.date")}>
          <input
            name="expiresOn"
            type="date"
            min={new Date().toISOString().slice(0, 10)}
            placeholder={inAMonth}
          />
        </Field>
        <div class="field-wide perm-groups">
          <p>
            <strong>{t("access.tokens.scopes")}</strong>
          </p>
          {permissionGroups(t, grantable).map((g) => (
            <fieldset>
              <legend>{g.name}</legend>
              <div class="checks">
                {g.items.map((p) => (
                  <label>
                    <input type="checkbox" name="scopes" value={p.code} />
                    {p.label}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        <SubmitRow icon="key-round" wide>{t("access.tokens.create")}</SubmitRow>
      </form>
    </Card>
  );
}

/** The tokens page: the secret just created (once), the list and the form. */
export function TokensPage(
  { tokens, grantable, secret, flash, base }: {
    tokens: TokenItem[];
    grantable: string[];
    secret?: string;
    flash?: Flash;
    base: string;
  },
) {
  const t = useT();
  return (
    <div class="stack">
      <p class="muted">{t("access.tokens.intro")}</p>
      {secret && <CreatedToken secret={secret} />}
      {!secret && flash?.kind === "ok" && <Outcome flash={flash} />}
      <Card flush title={t("access.tokens.title")}>
        <TokenTable tokens={tokens} revokeBase={base} />
      </Card>
      <NewTokenForm
        action={base}
        grantable={grantable}
        flash={flash?.kind === "error" ? flash : undefined}
      />
    </div>
  );
}

/** Service accounts of the workspace, and the form to add one. */
export function AccountsPage(
  { accounts, roles, flash }: {
    accounts: AccountItem[];
    roles: { key: string; name: string; builtin: boolean }[];
    flash?: Flash;
  },
) {
  const t = useT();
  const byKey = new Map(roles.map((r) => [r.key, r]));
  return (
    <div class="stack">
      <p class="muted">{t("access.accounts.intro")}</p>
      {flash?.kind === "ok" && <Outcome flash={flash} />}
      <Card flush title={t("access.accounts.title")}>
        <DataTable
          id="service-accounts"
          label={t("access.accounts.title")}
          rows={accounts}
          columns={[
            {
              label: t("access.accounts.name"),
              cell: (a) => <a href={`/admin/service-accounts/${a.id}`}>{a.name}</a>,
            },
            {
              label: t("access.accounts.role"),
              cell: (a) => roleName(t, byKey.get(a.role) ?? { key: a.role, name: a.role }),
            },
            { label: t("access.accounts.tokens"), cell: (a) => String(a.tokens), numeric: true },
          ]}
          actions={(a) => (
            <form method="post" action={`/admin/service-accounts/${a.id}/delete`}>
              <Button type="submit" variant="ghost" icon="trash-2" small>
                {t("access.accounts.delete")}
              </Button>
            </form>
          )}
          empty={<EmptyState title={t("access.accounts.none")} />}
        />
      </Card>
      <Card title={t("access.accounts.new")}>
        {flash?.kind === "error" && <Outcome flash={flash} />}
        <form class="form-grid" method="post" action="/admin/service-accounts">
          <Field label={t("access.accounts.name")}>
            <input name="name" type="text" required maxLength={100} autocomplete="off" />
          </Field>
          <Field label={t("access.accounts.role")}>
            <select name="role">
              {roles.filter((r) => r.key !== "owner").map((r) => (
                <option value={r.key} selected={r.key === "viewer"}>{roleName(t, r)}</option>
              ))}
            </select>
          </Field>
          <div class="form-actions field-wide">
            <Button type="submit" icon="plus">{t("access.accounts.create")}</Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/** On the profile page: where to see one's sessions and API tokens. */
export function AccessLinks() {
  const t = useT();
  return (
    <Card title={t("access.sessions.title")}>
      <p class="muted">{t("access.sessions.intro")}</p>
      <div class="form-actions">
        <Button href="/profile/sessions" variant="secondary" icon="monitor">
          {t("access.sessions.link")}
        </Button>
        <Button href="/profile/tokens" variant="secondary" icon="key-round">
          {t("access.tokens.link")}
        </Button>
      </div>
    </Card>
  );
}
