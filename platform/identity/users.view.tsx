import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { MemberRow } from "./identity.schemas.ts";

import { type Flash, FlashMessage } from "../../ui/flash.tsx";
export { type Flash, FlashMessage };

function RoleChecks(
  { name, roles, checked }: { name: string; roles: string[]; checked: string[] },
) {
  return (
    <div class="checks">
      {roles.map((r) => (
        <label>
          <input type="checkbox" name={name} value={r} checked={checked.includes(r)} /> {r}
        </label>
      ))}
    </div>
  );
}

function MemberRowView(
  { l, m, roles, canWrite }: { l: Locale; m: MemberRow; roles: string[]; canWrite: boolean },
) {
  return (
    <tr id={`member-${m.id}`}>
      <td>{m.email}</td>
      <td>{m.name}</td>
      <td>
        {canWrite
          ? (
            <form
              method="post"
              action={`/admin/users/${m.id}`}
              hx-post={`/admin/users/${m.id}`}
              hx-target="#users-panel"
              hx-swap="outerHTML"
            >
              <RoleChecks name="roles" roles={roles} checked={m.roles} />
              {m.status !== "invited" && (
                <>
                  <label class="sr-only" for={`status-${m.id}`}>{t(l, "admin.users.status")}</label>
                  <select id={`status-${m.id}`} name="status">
                    <option value="active" selected={m.status === "active"}>
                      {t(l, "status.active")}
                    </option>
                    <option value="disabled" selected={m.status === "disabled"}>
                      {t(l, "status.disabled")}
                    </option>
                  </select>
                </>
              )} <button type="submit" class="secondary">{t(l, "admin.users.save")}</button>
            </form>
          )
          : m.roles.join(", ")}
      </td>
      <td>{t(l, `status.${m.status}`)}</td>
    </tr>
  );
}

/** The users panel: member list with inline role edits, and the add form. htmx swaps it whole. */
export function UsersPanel(
  { l, members, roles, canWrite, flash }: {
    l: Locale;
    members: MemberRow[];
    roles: string[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  return (
    <div id="users-panel">
      <FlashMessage flash={flash} />
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th>{t(l, "admin.users.email")}</th>
              <th>{t(l, "admin.users.name")}</th>
              <th>{t(l, "admin.users.roles")}</th>
              <th>{t(l, "admin.users.status")}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => <MemberRowView l={l} m={m} roles={roles} canWrite={canWrite} />)}
          </tbody>
        </table>
      </div>
      {members.length === 0 && <p class="muted">{t(l, "admin.users.empty")}</p>}
      {canWrite && (
        <form
          class="card"
          method="post"
          action="/admin/users"
          hx-post="/admin/users"
          hx-target="#users-panel"
          hx-swap="outerHTML"
        >
          <h2>{t(l, "admin.users.add")}</h2>
          <label for="new-email">{t(l, "admin.users.email")}</label>
          <input id="new-email" name="email" type="email" required />
          <label for="new-name">{t(l, "admin.users.name")}</label>
          <input id="new-name" name="name" type="text" required />
          <label for="new-password">{t(l, "admin.users.password")}</label>
          <input
            id="new-password"
            name="password"
            type="password"
            minLength={8}
            autocomplete="new-password"
          />
          <p class="muted">{t(l, "admin.users.passwordHint")}</p>
          <fieldset>
            <legend>{t(l, "admin.users.roles")}</legend>
            <RoleChecks name="roles" roles={roles} checked={["member"]} />
          </fieldset>
          <p>
            <button type="submit">{t(l, "admin.users.add")}</button>
          </p>
        </form>
      )}
    </div>
  );
}
