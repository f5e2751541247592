import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { RoleRow } from "../../shared/identity/roles.repo.ts";
import { type Flash, FlashMessage } from "./users.tsx";

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
                <td>{r.permissions.map((p) => <span class="badge">{p}</span>)}</td>
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
            <div class="checks">
              {permissions.map((p) => (
                <label>
                  <input type="checkbox" name="permissions" value={p} /> {p}
                </label>
              ))}
            </div>
          </fieldset>
          <p>
            <button type="submit">{t(l, "admin.roles.save")}</button>
          </p>
        </form>
      )}
    </div>
  );
}
