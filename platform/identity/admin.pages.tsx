import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import {
  type C,
  formAction as act,
  isHtmx,
  readForm,
  type Status,
} from "../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../shared/rbac/permissions.ts";
import { t } from "../../shared/i18n/i18n.ts";
import {
  addMember,
  changeCustomRole,
  changeMember,
  createCustomRole,
  listMembers,
  listRoles,
} from "./admin.service.ts";
import {
  CreateMemberBody,
  CreateRoleBody,
  UpdateMemberBody,
  UpdateRoleBody,
} from "./identity.schemas.ts";
import { html, page } from "../../ui/render.tsx";
import { type Flash, UsersPanel } from "./users.view.tsx";
import { RolesPanel } from "./roles.view.tsx";

async function usersPanel(c: C, flash?: Flash) {
  const { sql, session, locale } = c.var;
  const members = await listMembers(sql, { limit: 100 });
  const roles = (await listRoles(sql)).map((r) => r.key);
  const canWrite = hasPermission(session.permissions, "admin.user.write");
  return (
    <UsersPanel
      l={locale}
      members={members.slice(0, 100)}
      roles={roles}
      canWrite={canWrite}
      flash={flash}
    />
  );
}

async function rolesPanel(c: C, flash?: Flash) {
  const { sql, session, locale, platform } = c.var;
  const canWrite = hasPermission(session.permissions, "admin.role.write");
  return (
    <RolesPanel
      l={locale}
      roles={await listRoles(sql)}
      permissions={platform.permissions}
      canWrite={canWrite}
      flash={flash}
    />
  );
}

/** htmx swaps the panel; a plain form post gets the whole page back. */
async function respond(
  c: C,
  title: string,
  panel: preact.JSX.Element,
  status: Status,
) {
  if (isHtmx(c)) return html(c, panel, status);
  return await page(c, title, panel, status);
}

export const adminPages = new Hono<AppEnv>()
  .get("/users", requirePermission("admin.user.read"), async (c) => {
    return await page(c, t(c.var.locale, "admin.users.title"), await usersPanel(c));
  })
  .post("/users", requirePermission("admin.user.write"), async (c) => {
    const l = c.var.locale;
    const { flash, status } = await act(CreateMemberBody, await readForm(c), async (data) => {
      const { member, temporaryPassword } = await addMember(
        c.var.sql,
        c.var.session,
        c.var.platform.permissions,
        data,
      );
      const text = t(l, "admin.users.created", { email: member.email }) +
        (temporaryPassword
          ? " " + t(l, "admin.users.generated", { password: temporaryPassword })
          : "");
      return { kind: "ok", text };
    });
    return respond(c, t(l, "admin.users.title"), await usersPanel(c, flash), status);
  })
  .post("/users/:id{[0-9a-f-]{36}}", requirePermission("admin.user.write"), async (c) => {
    const l = c.var.locale;
    const { flash, status } = await act(UpdateMemberBody, await readForm(c), async (data) => {
      await changeMember(
        c.var.sql,
        c.var.session,
        c.var.platform.permissions,
        c.req.param("id"),
        data,
      );
      return { kind: "ok", text: t(l, "admin.users.updated") };
    });
    return respond(c, t(l, "admin.users.title"), await usersPanel(c, flash), status);
  })
  .get("/roles", requirePermission("admin.role.read"), async (c) => {
    return await page(c, t(c.var.locale, "admin.roles.title"), await rolesPanel(c));
  })
  .post("/roles", requirePermission("admin.role.write"), async (c) => {
    const l = c.var.locale;
    const input = await readForm(c);
    const { flash, status } = await act(
      CreateRoleBody,
      { permissions: [], ...input },
      async (data) => {
        const role = await createCustomRole(
          c.var.sql,
          c.var.session,
          c.var.platform.permissions,
          data,
        );
        return { kind: "ok", text: t(l, "admin.roles.created", { name: role.name }) };
      },
    );
    return respond(c, t(l, "admin.roles.title"), await rolesPanel(c, flash), status);
  })
  .post("/roles/:id{[0-9a-f-]{36}}", requirePermission("admin.role.write"), async (c) => {
    const l = c.var.locale;
    const input = await readForm(c);
    const { flash, status } = await act(
      UpdateRoleBody,
      { permissions: [], ...input },
      async (data) => {
        const role = await changeCustomRole(
          c.var.sql,
          c.var.session,
          c.var.platform.permissions,
          c.req.param("id"),
          data,
        );
        return { kind: "ok", text: t(l, "admin.roles.created", { name: role.name }) };
      },
    );
    return respond(c, t(l, "admin.roles.title"), await rolesPanel(c, flash), status);
  });
