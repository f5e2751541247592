import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { RoleRow } from "./identity.schemas.ts";
import { type Flash, FlashMessage } from "./users.view.tsx";

function PermissionChecks({ permissions, checked }: { permissions: string[]; checked: string[] }) {
  return (
    <div class="checks">
      {permissions.map((p) => (
        <label>
          <input type="checkbox" name="permissions" value={p} checked={checked.includes(p)} /> {p}
        </label>
      ))}
    </div>
  );
}

/** Inline editor of a custom role: name, description and grants. */
function RoleEditor({ l, role, permissions }: { l: Locale; role: RoleRow; permissions: string[] }) {
  const id = `edit-${role.key}`;
  return (
    <details>
      <summary>{t(l, "admin.roles.edit")}</summary>
      <form
        method="post"
        action={`/admin/roles/${role.id}`}
        hx-post={`/admin/roles/${role.id}`}
        hx-target="#roles-panel"
        hx-swap="outerHTML"
      >
        <label for={`${id}-name`}>{t(l, "admin.roles.name")}</label>
        <input id={`${id}-name`} name="name" type="text" required value={role.name} />
        <label for={`${id}-description`}>{t(l, "admin.roles.description")}</label>
        <input id={`${id}-description`} name="description" type="text" value={role.description} />
        <fieldset>
          <legend>{t(l, "admin.roles.permissions")}</legend>
          <PermissionChecks permissions={permissions} checked={role.permissions} />
        </fieldset>
        <p>
          <button type="submit">{t(l, "admin.roles.save")}</button>
        </p>
      </form>
    </details>
  );
}

/** Roles with their grants, and the form for a custom role. */
export function RolesPanel(
  { l, roles, permissions, canWrite, flash }: {
    l: Locale;
    roles: RoleRow[];
    permissions: string[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  return (
    <div id="roles-panel">
      <FlashMessage flash={flash} />
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th>{t(l, "admin.roles.key")}</th>
              <th>{t(l, "admin.roles.name")}</th>
              <th>{t(l, "admin.roles.permissions")}</th>
            </tr>
          </thead>
          <tbody>
            {roles.map((r) => (
              <tr id={`role-${r.key}`}>
                <td>
                  <code>{r.key}</code>{" "}
                  {r.builtin && <span class="badge">{t(l, "admin.roles.builtin")}</span>}
                </td>
                <td>
                  {r.name}
                  <div class="muted">{r.description}</div>
                </td>
                <td>
                  {r.permissions.map((p) => <span class="badge">{p}</span>)}
                  {canWrite && !r.builtin && (
                    <RoleEditor
                      l={l}
                      role={r}
                      permissions={permissions}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canWrite && (
        <form
          class="card"
          method="post"
          action="/admin/roles"
          hx-post="/admin/roles"
          hx-target="#roles-panel"
          hx-swap="outerHTML"
        >
          <h2>{t(l, "admin.roles.add")}</h2>
          <label for="role-key">{t(l, "admin.roles.key")}</label>
          <input id="role-key" name="key" type="text" required pattern="[a-z][a-z0-9_\-]{1,40}" />
          <label for="role-name">{t(l, "admin.roles.name")}</label>
          <input id="role-name" name="name" type="text" required />
          <label for="role-description">{t(l, "admin.roles.description")}</label>
          <input id="role-description" name="description" type="text" />
          <fieldset>
            <legend>{t(l, "admin.roles.permissions")}</legend>
            <PermissionChecks permissions={permissions} checked={[]} />
          </fieldset>
          <p>
            <button type="submit">{t(l, "admin.roles.save")}</button>
          </p>
        </form>
      )}
    </div>
  );
}
