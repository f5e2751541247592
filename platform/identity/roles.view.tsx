import type { RoleRow } from "./identity.schemas.ts";
import {
  Badge,
  Button,
  type Column,
  DataTable,
  Dialog,
  Field,
  Toast,
  type Translate,
  useT,
} from "../../ui/kit.ts";
import type { Flash } from "../../shared/http/form.ts";
import { permissionGroups, roleDescription, roleName } from "./roles.labels.lib.ts";

/** The permission checkboxes of a role form, one fieldset per module, labelled in words. */
function PermissionChecks(
  { permissions, checked }: { permissions: string[]; checked: string[] },
) {
  const t = useT();
  return (
    <div class="field-wide perm-groups">
      {permissionGroups(t, permissions).map((g) => (
        <fieldset>
          <legend>{g.name}</legend>
          <div class="checks">
            {g.items.map((p) => (
              <label>
                <input
                  type="checkbox"
                  name="permissions"
                  value={p.code}
                  checked={checked.includes(p.code)}
                />
                {p.label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/**
 * The form of a custom role (new when `role` is absent); htmx swaps the box, so a refusal shows
 * inside the dialog.
 */
export function RoleFormBox(
  { role, permissions, flash, values }: {
    role?: RoleRow;
    permissions: string[];
    flash?: Flash;
    values?: { key?: string; name?: string; description?: string; permissions?: string[] };
  },
) {
  const t = useT();
  const id = role ? `edit-role-${role.id}` : "new-role";
  const action = role ? `/admin/roles/${role.id}` : "/admin/roles";
  const v = values ?? role ?? {};
  return (
    <div id={`${id}-box`}>
      {flash && (
        <p class={`alert ${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
          {flash.text}
        </p>
      )}
      <form
        class="form-grid"
        method="post"
        action={action}
        hx-post={action}
        hx-target={`#${id}-box`}
        hx-swap="outerHTML"
      >
        {!role && (
          <Field label={t("admin.roles.key")} hint={t("roles.keyHint")}>
            <input
              name="key"
              type="text"
              required
              pattern="[a-z][a-z0-9_\-]{1,40}"
              value={v.key}
              autocomplete="off"
            />
          </Field>
        )}
        <Field label={t("admin.roles.name")}>
          <input name="name" type="text" required value={v.name} />
        </Field>
        <Field label={t("admin.roles.description")} wide>
          <input name="description" type="text" value={v.description} />
        </Field>
        <PermissionChecks permissions={permissions} checked={v.permissions ?? []} />
        <div class="form-actions field-wide">
          <Button type="submit" icon="check">{t("admin.roles.save")}</Button>
        </div>
      </form>
    </div>
  );
}

/** What a role may do, in words: "Everything", or its permissions grouped by module. */
function Grants({ role }: { role: RoleRow }) {
  const t = useT();
  if (role.permissions.includes("*")) return <Badge tone="purple">{t("perm.all")}</Badge>;
  if (role.permissions.length === 0) return <span class="muted">—</span>;
  return (
    <details class="grants">
      <summary>{t("roles.permissionCount", { count: role.permissions.length })}</summary>
      <dl>
        {permissionGroups(t, role.permissions).map((g) => (
          <>
            <dt>{g.name}</dt>
            <dd>{g.items.map((p) => p.label).join(", ")}</dd>
          </>
        ))}
      </dl>
    </details>
  );
}

/** The roles page: built-in and custom roles with what they may do; custom ones editable. */
export function RolesPanel(
  { roles, permissions, canWrite, flash }: {
    roles: RoleRow[];
    permissions: string[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  return (
    <div
      id="roles-panel"
      hx-get="/admin/roles"
      hx-trigger="roles-changed from:body"
      hx-select="#roles-panel"
      hx-swap="outerHTML"
    >
      <Toast flash={flash} />
      <DataTable
        id="roles-list"
        label={t("admin.roles.title")}
        rows={roles}
        columns={[
          {
            label: t("admin.roles.name"),
            cell: (r) => (
              <span class="stack">
                <strong>{roleName(t, r)}</strong>
                <span class="muted small">{roleDescription(t, r)}</span>
              </span>
            ),
          },
          {
            label: t("roles.kind"),
            cell: (r) =>
              r.builtin
                ? <Badge>{t("admin.roles.builtin")}</Badge>
                : <Badge tone="teal">{t("roles.custom")}</Badge>,
            wide: true,
          },
          { label: t("admin.roles.permissions"), cell: (r) => <Grants role={r} /> },
        ]}
        actionsLabel={t("ui.actions")}
        actions={canWrite
          ? (r) =>
            !r.builtin && (
              <Dialog
                id={`edit-role-${r.id}`}
                title={t("roles.edit", { name: roleName(t, r) })}
                trigger={t("roles.editShort")}
                icon="pencil"
                variant="ghost"
                closeLabel={t("ui.close")}
                wide
              >
                <RoleFormBox role={r} permissions={permissions} />
              </Dialog>
            )
          : undefined}
      />
    </div>
  );
}

/** The page's primary action: a new custom role in a dialog. */
export function NewRoleDialog({ permissions }: { permissions: string[] }) {
  const t = useT();
  return (
    <Dialog
      id="new-role"
      title={t("roles.new")}
      trigger={t("roles.new")}
      icon="plus"
      closeLabel={t("ui.close")}
      wide
    >
      <RoleFormBox permissions={permissions} />
    </Dialog>
  );
}

/** The roles column of the people lists (members, invitations): a badge per role, by its name. */
export function rolesColumn<T extends { roles: string[] }>(
  t: Translate,
  roles: RoleRow[],
): Column<T> {
  const byKey = new Map(roles.map((r) => [r.key, r]));
  return {
    label: t("admin.users.roles"),
    cell: (row) => (
      <span class="badges">
        {row.roles.map((k) => <Badge tone="blue">{roleName(t, byKey.get(k) ?? { key: k })}</Badge>)}
      </span>
    ),
  };
}

/** Role checkboxes labelled by role name (the key is only the submitted value). */
export function RoleChecks(
  { roles, checked, legend }: { roles: RoleRow[]; checked: string[]; legend: string },
) {
  const t = useT();
  return (
    <fieldset class="field-wide">
      <legend>{legend}</legend>
      <div class="checks">
        {roles.map((r) => (
          <label>
            <input type="checkbox" name="roles" value={r.key} checked={checked.includes(r.key)} />
            {roleName(t, r)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
