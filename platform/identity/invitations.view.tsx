import type { RoleRow } from "./identity.schemas.ts";
import type { InvitationLink, InvitationRow } from "./invitations.schemas.ts";
import {
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  Field,
  RelativeTime,
  Toast,
  type Tone,
  useT,
} from "../../ui/kit.ts";
import type { Flash } from "../../shared/http/form.ts";
import { RoleChecks, rolesColumn } from "./roles.view.tsx";
import { AccountsStyles, LinkFrame, NewPasswordFields } from "./password.view.tsx";
import type { PasswordVerdict } from "./password.rules.ts";
import "./invitations.messages.ts";

const STATE_TONES: Record<string, Tone> = {
  pending: "amber",
  expired: "gray",
  accepted: "green",
  revoked: "gray",
};

/** The "Invite by e-mail" form in its dialog; htmx swaps the whole box (errors, results). */
export function InviteByEmailBox(
  { roles, flash, values }: {
    roles: RoleRow[];
    flash?: Flash;
    values?: { email?: string; roles?: string[] };
  },
) {
  const t = useT();
  return (
    <div id="invite-email-box">
      <AccountsStyles />
      {flash && (
        <p class={`alert ${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
          {flash.text}
        </p>
      )}
      <p class="muted">{t("invitations.inviteHint")}</p>
      <form
        class="form-grid"
        method="post"
        action="/admin/invitations"
        hx-post="/admin/invitations"
        hx-target="#invite-email-box"
        hx-swap="outerHTML"
      >
        <Field label={t("invitations.address")} wide>
          <input
            name="email"
            type="email"
            required
            maxLength={254}
            value={values?.email}
            autocomplete="off"
          />
        </Field>
        <RoleChecks
          roles={roles}
          checked={values?.roles ?? ["member"]}
          legend={t("admin.users.roles")}
        />
        <div class="form-actions field-wide">
          <Button type="submit" icon="send">{t("invitations.send")}</Button>
        </div>
      </form>
    </div>
  );
}

/**
 * Open invitations (waiting and expired) under the member list, with "send again" and
 * "withdraw". It reloads itself when an invitation changed.
 */
export function InvitationsPanel(
  { items, roles, canWrite, flash, nextHref }: {
    items: InvitationRow[];
    roles: RoleRow[];
    canWrite: boolean;
    flash?: Flash;
    nextHref?: string;
  },
) {
  const t = useT();
  return (
    <div
      id="invitations-panel"
      hx-get="/admin/invitations"
      hx-trigger="invitations-changed from:body"
      hx-select="#invitations-panel"
      hx-swap="outerHTML"
    >
      <AccountsStyles />
      <Card title={t("invitations.pending")} class="invitations-card" flush>
        <Toast flash={flash} />
        <DataTable
          id="invitations-list"
          label={t("invitations.pending")}
          rows={items}
          columns={[
            {
              label: t("invitations.address"),
              cell: (i) => (
                <span class="stack">
                  <span>{i.email}</span>
                  {i.invitedByName && (
                    <span class="muted small">
                      {t("invitations.by", { name: i.invitedByName })}
                    </span>
                  )}
                </span>
              ),
            },
            rolesColumn(t, roles),
            {
              label: t("invitations.state"),
              cell: (i) => (
                <Badge tone={STATE_TONES[i.state] ?? "gray"}>
                  {t(`invitations.state.${i.state}`)}
                </Badge>
              ),
            },
            {
              label: t("invitations.sentAt"),
              cell: (i) => <RelativeTime at={i.sentAt} />,
              wide: true,
            },
          ]}
          actionsLabel={t("ui.actions")}
          actions={canWrite
            ? (i) => (
              <span class="invitation-actions">
                <form
                  method="post"
                  action={`/admin/invitations/${i.id}/resend`}
                  hx-post={`/admin/invitations/${i.id}/resend`}
                  hx-target="#invitations-panel"
                  hx-select="#invitations-panel"
                  hx-swap="outerHTML"
                >
                  <Button type="submit" variant="ghost" small icon="rotate-cw">
                    {t("invitations.resend")}
                  </Button>
                </form>
                <form
                  method="post"
                  action={`/admin/invitations/${i.id}/revoke`}
                  hx-post={`/admin/invitations/${i.id}/revoke`}
                  hx-target="#invitations-panel"
                  hx-select="#invitations-panel"
                  hx-swap="outerHTML"
                  hx-confirm={t("invitations.revokeConfirm", { email: i.email })}
                >
                  <Button type="submit" variant="ghost" small icon="x">
                    {t("invitations.revoke")}
                  </Button>
                </form>
              </span>
            )
            : undefined}
          empty={<EmptyState icon="mail" title={t("invitations.none")} />}
          more={nextHref ? { href: nextHref, label: t("ui.loadMore") } : undefined}
        />
      </Card>
    </div>
  );
}

/** The link's page: join as a new person, sign in first, or (signed in as the address) Join. */
export function InvitationPage(
  { link, token, roleNames, signedInAs, error, values, verdict }: {
    link: InvitationLink;
    token: string;
    roleNames: string;
    /** The signed-in account's address, when there is a session. */
    signedInAs?: string;
    error?: string;
    values?: { name?: string };
    verdict?: PasswordVerdict;
  },
) {
  const t = useT();
  const title = t("invitations.page.title", { tenant: link.tenantName });
  const here = `/invite/${token}`;
  const isThem = signedInAs?.toLowerCase() === link.email.toLowerCase();
  return (
    <LinkFrame title={title}>
      <h1>{title}</h1>
      <p class="muted">
        {t("invitations.page.lead", {
          tenant: link.tenantName,
          roles: roleNames,
          email: link.email,
        })}
      </p>
      {error && <p class="alert error" role="alert" id="invite-error">{error}</p>}
      {link.accountId
        ? isThem
          ? (
            <form method="post" action={`${here}/join`} class="login-form">
              <p>{t("invitations.page.signedInLead", { email: link.email })}</p>
              <Button type="submit" icon="log-in" class="login-submit">
                {t("invitations.page.join", { tenant: link.tenantName })}
              </Button>
            </form>
          )
          : (
            <div class="login-form">
              <p>
                {t(signedInAs ? "invitations.page.otherAccount" : "invitations.page.existingLead")}
              </p>
              <Button
                href={`/login?${new URLSearchParams({ next: here })}`}
                icon="log-in"
                class="login-submit"
              >
                {t("invitations.page.signIn")}
              </Button>
            </div>
          )
        : (
          <form method="post" action={here} class="login-form">
            <p>{t("invitations.page.newLead")}</p>
            <input type="hidden" name="email" value={link.email} />
            <input
              type="text"
              name="username"
              value={link.email}
              autocomplete="username"
              hidden
              readOnly
            />
            <Field label={t("invitations.page.name")}>
              <input
                id="name"
                name="name"
                type="text"
                autocomplete="name"
                required
                maxLength={200}
                value={values?.name ?? ""}
              />
            </Field>
            <NewPasswordFields
              label={t("invitations.page.password")}
              confirmLabel={t("invitations.page.confirm")}
              verdict={verdict}
            />
            <Button type="submit" icon="user-plus" class="login-submit">
              {t("invitations.page.create")}
            </Button>
          </form>
        )}
    </LinkFrame>
  );
}

/** A used, expired, withdrawn or unknown link: what happened, and nothing changes. */
export function DeadInvitationPage(
  { reason }: { reason: "expired" | "accepted" | "revoked" | "unknown" },
) {
  const t = useT();
  return (
    <LinkFrame title={t("invitations.page.deadTitle")}>
      <h1>{t("invitations.page.deadTitle")}</h1>
      <p class="alert error" role="alert" id="invite-dead">
        {t(`invitations.page.dead.${reason}`)}
      </p>
      <p class="link-actions">
        <Button href="/login" icon="log-in">{t("invitations.page.toLogin")}</Button>
      </p>
    </LinkFrame>
  );
}
