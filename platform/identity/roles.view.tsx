import { type Locale, t } from "../../shared/i18n/i18n.ts";
import type { RoleRow } from "./identity.schemas.ts";
import { Badge, Button, DataTable, Dialog, Field, Toast } from "../../ui/kit.ts";
import type { Flash } from "../../shared/http/form.ts";
import { permissionGroups, roleDescription, roleName } from "./roles.labels.lib.ts";

/** The permission checkboxes of a role form, one fieldset per module, labelled in words. */
function PermissionChecks(
  { l, permissions, checked }: { l: Locale; permissions: string[]; checked: string[] },
) {
  return (
    <div class="field-wide perm-groups">
      {permissionGroups(l, permissions).map((g) => (
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
  { l, role, permissions, flash, values }: {
    l: Locale;
    role?: RoleRow;
    permissions: string[];
    flash?: Flash;
    values?: { key?: string; name?: string; description?: string; permissions?: string[] };
  },
) {
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
          <Field label={t(l, "admin.roles.key")} hint={t(l, "roles.keyHint")}>
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
        <Field label={t(l, "admin.roles.name")}>
          <input name="name" type="text" required value={v.name} />
        </Field>
        <Field label={t(l, "admin.roles.description")} wide>
          <input name="description" type="text" value={v.description} />
        </Field>
        <PermissionChecks l={l} permissions={permissions} checked={v.permissions ?? []} />
        <div class="form-actions field-wide">
          <Button type="submit" icon="check">{t(l, "admin.roles.save")}</Button>
        </div>
      </form>
    </div>
  );
}

/** What a role may do, in words: "Everything", or its permissions grouped by module. */
function Grants({ l, role }: { l: Locale; role: RoleRow }) {
  if (role.permissions.includes("*")) return <Badge tone="purple">{t(l, "perm.all")}</Badge>;
  if (role.permissions.length === 0) return <span class="muted">—</span>;
  return (
    <details class="grants">
      <summary>{t(l, "roles.permissionCount", { count: role.permissions.length })}</summary>
      <dl>
        {permissionGroups(l, role.permissions).map((g) => (
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
  { l, roles, permissions, canWrite, flash }: {
    l: Locale;
    roles: RoleRow[];
    permissions: string[];
    canWrite: boolean;
    flash?: Flash;
  },
) {
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
        label={t(l, "admin.roles.title")}
        rows={roles}
        columns={[
          {
            label: t(l, "admin.roles.name"),
            cell: (r) => (
              <span class="stack">
                <strong>{roleName(l, r)}</strong>
                <span class="muted small">{roleDescription(l, r)}</span>
              </span>
            ),
          },
          {
            label: t(l, "roles.kind"),
            cell: (r) =>
              r.builtin
                ? <Badge>{t(l, "admin.roles.builtin")}</Badge>
                : <Badge tone="teal">{t(l, "roles.custom")}</Badge>,
            wide: true,
          },
          { label: t(l, "admin.roles.permissions"), cell: (r) => <Grants l={l} role={r} /> },
        ]}
        actionsLabel={t(l, "ui.actions")}
        actions={canWrite
          ? (r) =>
            !r.builtin && (
              <Dialog
                id={`edit-role-${r.id}`}
                title={t(l, "roles.edit", { name: roleName(l, r) })}
                trigger={t(l, "roles.editShort")}
                icon="pencil"
                variant="ghost"
                closeLabel={t(l, "ui.close")}
                wide
              >
                <RoleFormBox l={l} role={r} permissions={permissions} />
              </Dialog>
            )
          : undefined}
      />
    </div>
  );
}

/** The page's primary action: a new custom role in a dialog. */
export function NewRoleDialog({ l, permissions }: { l: Locale; permissions: string[] }) {
  return (
    <Dialog
      id="new-role"
      title={t(l, "roles.new")}
      trigger={t(l, "roles.new")}
      icon="plus"
      closeLabel={t(l, "ui.close")}
      wide
    >
      <RoleFormBox l={l} permissions={permissions} />
    </Dialog>
  );
}
