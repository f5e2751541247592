import { Hono } from "hono";
import type { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { clientAddress } from "./authentication.middleware.ts";
import { type C, isHtmx, pathId, readForm, type Status } from "../../shared/http/pages.ts";
import { type Flash, problemFlash } from "../../shared/http/form.ts";
import { Problem, problems } from "../../shared/http/problem.ts";
import { NEW_ACCOUNT_NEEDS_OPERATOR } from "./admin.rules.ts";
import { decodeCursor, toPage } from "../../shared/http/paging.ts";
import { ID_PARAM } from "../../shared/http/ids.ts";
import { hasPermission, requirePermission } from "../../shared/rbac/permissions.ts";
import { type Locale, type MessageKey, t } from "../../shared/i18n/i18n.ts";
import { adminTranslationsPages } from "../translations/public.ts";
import {
  addMember,
  changeCustomRole,
  changeMember,
  createCustomRole,
  findMemberRow,
  listMembers,
  listRoles,
} from "./admin.service.ts";
import {
  CreateMemberBody,
  CreateRoleBody,
  UpdateMemberBody,
  UpdateRoleBody,
} from "./identity.schemas.ts";
import { Dialog, html, page } from "../../ui/kit.ts";
import { EditMemberBox, InviteBox, UsersPanel } from "./users.view.tsx";
import { NewRoleDialog, RoleFormBox, RolesPanel } from "./roles.view.tsx";
import { IdentityStyles } from "./styles.view.tsx";
import { invitationsPanel, inviteByEmailBox } from "./invitations.pages.tsx";
import "./users.messages.ts";

const PAGE_SIZE = 50;

/** Form fields as people know them, for "please check …" messages. */
const FIELD_LABELS: Record<string, MessageKey> = {
  email: "admin.users.email",
  name: "admin.users.name",
  password: "admin.users.password",
  roles: "admin.users.roles",
  status: "admin.users.status",
  key: "admin.roles.key",
  description: "admin.roles.description",
  permissions: "admin.roles.permissions",
};

/**
 * Runs a form action on schema-checked input. Invalid input names the fields by their labels
 * (never their codes); refused rules come back with the service's message.
 */
async function act<T extends z.ZodType>(
  c: C,
  schema: T,
  input: unknown,
  run: (data: z.infer<T>) => Promise<Flash>,
): Promise<{ flash: Flash; status: Status }> {
  const l = c.var.locale;
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")))]
      .map((f) => (FIELD_LABELS[f] ? t(l, FIELD_LABELS[f]) : undefined))
      .filter(Boolean);
    const text = fields.length
      ? t(l, "form.checkFields", { fields: fields.join(", ") })
      : t(l, "form.invalid");
    return { flash: { kind: "error", text }, status: 400 };
  }
  try {
    return { flash: await run(parsed.data), status: 200 };
  } catch (err) {
    return problemFlash(err);
  }
}

/** The operator rule's refusal in the reader's language (the API's answer names the route instead). */
const inviteInstead = (l: Locale) => (err: unknown): never => {
  throw err instanceof Problem && err.detail === NEW_ACCOUNT_NEEDS_OPERATOR
    ? problems.forbidden(t(l, "users.inviteByEmailInstead"))
    : err;
};

const crumbs = (c: C) => [{ label: t(c.var.locale, "nav.admin") }];

// ---------------------------------------------------------------------------------------------
// Users

async function usersPage(c: C, flash?: Flash, status: Status = 200) {
  const { session, locale: l } = c.var;
  const q = (c.req.query("q") ?? "").trim().slice(0, 200);
  const after = decodeCursor(c.req.query("cursor") || undefined, ["text", "uuid"]) as
    | [string, string]
    | null;
  const rows = await listMembers(actorOf(c), { limit: PAGE_SIZE, after, q: q || undefined });
  const list = toPage(rows, PAGE_SIZE, (r) => [r.email.toLowerCase(), r.id]);
  const roles = byRank(await listRoles(actorOf(c)));
  const canWrite = hasPermission(session.permissions, "admin.user.write");
  const nextHref = list.nextCursor
    ? `/admin/users?${new URLSearchParams({ ...(q ? { q } : {}), cursor: list.nextCursor })}`
    : undefined;
  return await page(
    c,
    t(l, "admin.users.title"),
    <>
      <IdentityStyles />
      <UsersPanel
        members={list.items}
        roles={roles}
        canWrite={canWrite}
        flash={flash}
        q={q}
        nextHref={nextHref}
        you={session.userId}
      />
      {await invitationsPanel(c)}
    </>,
    {
      status,
      crumbs: crumbs(c),
      // Invitations by e-mail; the temporary-password form only for platform operators.
      actions: canWrite && (
        <>
          <Dialog
            id="invite-user"
            title={t(l, "invitations.invite")}
            trigger={t(l, "invitations.invite")}
            icon="user-plus"
            closeLabel={t(l, "ui.close")}
          >
            {await inviteByEmailBox(c)}
          </Dialog>
          {session.isOperator && (
            <Dialog
              id="add-user"
              title={t(l, "invitations.addWithPassword")}
              trigger={t(l, "invitations.addWithPassword")}
              icon="key-round"
              variant="secondary"
              closeLabel={t(l, "ui.close")}
            >
              <p class="muted">{t(l, "invitations.operatorOnly")}</p>
              <InviteBox roles={roles} />
            </Dialog>
          )}
        </>
      ),
    },
  );
}

/** htmx answers the dialog's box (and tells the list to reload); a plain post gets the page. */
function changed(c: C, event: string, close: boolean) {
  c.header("HX-Trigger", close ? `dialog-close, ${event}` : event);
}

// ---------------------------------------------------------------------------------------------
// Roles

async function rolesPage(c: C, flash?: Flash, status: Status = 200) {
  const { session, locale: l, platform } = c.var;
  const canWrite = hasPermission(session.permissions, "admin.role.write");
  return await page(
    c,
    t(l, "admin.roles.title"),
    <>
      <IdentityStyles />
      <RolesPanel
        roles={byRank(await listRoles(actorOf(c)))}
        permissions={platform.permissions}
        canWrite={canWrite}
        flash={flash}
      />
    </>,
    {
      status,
      crumbs: crumbs(c),
      actions: canWrite && <NewRoleDialog permissions={platform.permissions} />,
    },
  );
}

const RANK = ["owner", "admin", "agent", "member", "viewer"];

/** Built-in roles from the most to the least powerful, then custom ones by key. */
const byRank = <T extends { key: string; builtin: boolean }>(roles: T[]) =>
  [...roles].sort((a, b) => {
    const ra = a.builtin ? RANK.indexOf(a.key) : RANK.length;
    const rb = b.builtin ? RANK.indexOf(b.key) : RANK.length;
    return ra - rb || a.key.localeCompare(b.key);
  });

/** The form's role fields as a role body: permissions always a list. */
function roleInput(form: Record<string, string | string[]>) {
  const perms = form.permissions;
  return { ...form, permissions: Array.isArray(perms) ? perms : perms ? [perms] : [] };
}

export const adminPages = new Hono<AppEnv>()
  .get("/users", requirePermission("admin.user.read"), (c) => usersPage(c))
  .post("/users", requirePermission("admin.user.write"), async (c) => {
    const l = c.var.locale;
    const form = await readForm(c);
    const { flash, status } = await act(c, CreateMemberBody, form, async (data) => {
      const { member, temporaryPassword } = await addMember(actorOf(c), {
        catalog: c.var.platform.permissions,
        member: data,
        address: clientAddress(c),
      }).catch(inviteInstead(l));
      const text = t(l, "admin.users.created", { email: member.email }) +
        (temporaryPassword
          ? " " + t(l, "admin.users.generated", { password: temporaryPassword })
          : "");
      return { kind: "ok", text };
    });
    if (!isHtmx(c)) return await usersPage(c, flash, status);
    const ok = flash.kind === "ok";
    if (ok) changed(c, "users-changed", false);
    const roles = byRank(await listRoles(actorOf(c)));
    const values = ok ? undefined : {
      email: String(form.email ?? ""),
      name: String(form.name ?? ""),
      roles: [form.roles ?? []].flat(),
    };
    return html(c, <InviteBox roles={roles} flash={flash} values={values} />, status);
  })
  .post(`/users/${ID_PARAM}`, requirePermission("admin.user.write"), async (c) => {
    const l = c.var.locale;
    const id = pathId(c);
    const { flash, status } = await act(c, UpdateMemberBody, await readForm(c), async (data) => {
      await changeMember(actorOf(c), {
        catalog: c.var.platform.permissions,
        userId: id,
        patch: data,
        address: clientAddress(c),
      });
      return { kind: "ok", text: t(l, "admin.users.updated") };
    });
    if (!isHtmx(c)) return await usersPage(c, flash, status);
    const member = await findMemberRow(actorOf(c), id);
    if (flash.kind === "ok") changed(c, "users-changed", true);
    if (!member) return await usersPage(c, flash, status);
    const roles = byRank(await listRoles(actorOf(c)));
    return html(c, <EditMemberBox m={member} roles={roles} flash={flash} />, status);
  })
  .get("/roles", requirePermission("admin.role.read"), (c) => rolesPage(c))
  .post("/roles", requirePermission("admin.role.write"), async (c) => {
    const l = c.var.locale;
    const input = roleInput(await readForm(c));
    const { flash, status } = await act(c, CreateRoleBody, input, async (data) => {
      const role = await createCustomRole(actorOf(c), {
        catalog: c.var.platform.permissions,
        role: data,
        address: clientAddress(c),
      });
      return { kind: "ok", text: t(l, "admin.roles.created", { name: role.name }) };
    });
    if (!isHtmx(c)) return await rolesPage(c, flash, status);
    if (flash.kind === "ok") changed(c, "roles-changed", false);
    return html(
      c,
      <RoleFormBox
        permissions={c.var.platform.permissions}
        flash={flash}
        values={flash.kind === "ok" ? undefined : input as { permissions: string[] }}
      />,
      status,
    );
  })
  .post(`/roles/${ID_PARAM}`, requirePermission("admin.role.write"), async (c) => {
    const l = c.var.locale;
    const id = pathId(c);
    const input = roleInput(await readForm(c));
    const { flash, status } = await act(c, UpdateRoleBody, input, async (data) => {
      const role = await changeCustomRole(actorOf(c), {
        catalog: c.var.platform.permissions,
        id,
        role: data,
        address: clientAddress(c),
      });
      return { kind: "ok", text: t(l, "admin.roles.created", { name: role.name }) };
    });
    if (!isHtmx(c)) return await rolesPage(c, flash, status);
    const role = (await listRoles(actorOf(c))).find((r) => r.id === id);
    if (flash.kind === "ok") changed(c, "roles-changed", true);
    if (!role) return await rolesPage(c, flash, status);
    return html(
      c,
      <RoleFormBox role={role} permissions={c.var.platform.permissions} flash={flash} />,
      status,
    );
  })
  .route("/translations", adminTranslationsPages());
