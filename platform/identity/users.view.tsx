import type { MemberRow, RoleRow } from "./identity.schemas.ts";
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Filters,
  RelativeTime,
  Toast,
  type Tone,
  UserChip,
  useT,
} from "../../ui/kit.ts";
import type { Flash } from "../../shared/http/form.ts";
import { RoleChecks, rolesColumn } from "./roles.view.tsx";

export type { Flash };

const STATUS_TONES: Record<string, Tone> = { active: "green", disabled: "gray", invited: "amber" };

/**
 * The invite form and, after a success, what happened (a generated password is shown here
 * once). htmx swaps the whole box, so the dialog stays open on errors and results.
 */
export function InviteBox(
  { roles, flash, values }: {
    roles: RoleRow[];
    flash?: Flash;
    values?: { email?: string; name?: string; roles?: string[] };
  },
) {
  const t = useT();
  return (
    <div id="invite-box">
      {flash && (
        <p class={`alert ${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
          {flash.text}
        </p>
      )}
      <form
        class="form-grid"
        method="post"
        action="/admin/users"
        hx-post="/admin/users"
        hx-target="#invite-box"
        hx-swap="outerHTML"
      >
        <Field label={t("admin.users.email")}>
          <input name="email" type="email" required value={values?.email} autocomplete="off" />
        </Field>
        <Field label={t("admin.users.name")}>
          <input name="name" type="text" required value={values?.name} autocomplete="off" />
        </Field>
        <Field label={t("admin.users.password")} hint={t("admin.users.passwordHint")} wide>
          <input name="password" type="password" minLength={8} autocomplete="new-password" />
        </Field>
        <RoleChecks
          roles={roles}
          checked={values?.roles ?? ["member"]}
          legend={t("admin.users.roles")}
        />
        <div class="form-actions field-wide">
          <Button type="submit" icon="user-plus">{t("users.invite")}</Button>
        </div>
      </form>
    </div>
  );
}

/** A member's edit form (name, roles, status) inside its row's dialog. */
export function EditMemberBox(
  { m, roles, flash }: { m: MemberRow; roles: RoleRow[]; flash?: Flash },
) {
  const t = useT();
  const id = `edit-member-${m.id}`;
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
        action={`/admin/users/${m.id}`}
        hx-post={`/admin/users/${m.id}`}
        hx-target={`#${id}-box`}
        hx-swap="outerHTML"
      >
        <Field label={t("admin.users.name")}>
          <input name="name" type="text" required value={m.name} />
        </Field>
        {m.status !== "invited" && (
          <Field label={t("admin.users.status")}>
            <select name="status">
              <option value="active" selected={m.status === "active"}>
                {t("status.active")}
              </option>
              <option value="disabled" selected={m.status === "disabled"}>
                {t("status.disabled")}
              </option>
            </select>
          </Field>
        )}
        <RoleChecks roles={roles} checked={m.roles} legend={t("admin.users.roles")} />
        <div class="form-actions field-wide">
          <Button type="submit" icon="check">{t("admin.users.save")}</Button>
        </div>
      </form>
    </div>
  );
}

/**
 * The members list: search, the table (name, roles by name, status, since when) with an edit
 * dialog per row, and "load more". It reloads itself when a dialog changed someone.
 */
export function UsersPanel(
  { members, roles, canWrite, flash, q, nextHref, you }: {
    members: MemberRow[];
    roles: RoleRow[];
    canWrite: boolean;
    flash?: Flash;
    q: string;
    nextHref?: string;
    /** The signed-in user, marked in the list. */
    you: string;
  },
) {
  const t = useT();
  const self = q ? `/admin/users?${new URLSearchParams({ q })}` : "/admin/users";
  return (
    <div
      id="users-panel"
      hx-get={self}
      hx-trigger="users-changed from:body"
      hx-select="#users-panel"
      hx-swap="outerHTML"
    >
      <Toast flash={flash} />
      <Filters action="/admin/users" target="#users-list" label={t("ui.filters")}>
        <Field label={t("users.search")}>
          <input name="q" type="search" value={q} />
        </Field>
      </Filters>
      <DataTable
        id="users-list"
        label={t("admin.users.title")}
        rows={members}
        columns={[
          {
            label: t("admin.users.name"),
            cell: (m) => (
              <span class="stack">
                <UserChip name={m.name} />
                <span class="muted small">
                  {m.email}
                  {m.id === you && ` · ${t("users.you")}`}
                </span>
              </span>
            ),
          },
          rolesColumn(t, roles),
          {
            label: t("admin.users.status"),
            cell: (m) => (
              <Badge tone={STATUS_TONES[m.status] ?? "gray"}>{t(`status.${m.status}`)}</Badge>
            ),
          },
          {
            label: t("users.joined"),
            cell: (m) => <RelativeTime at={m.createdAt} />,
            wide: true,
          },
        ]}
        actionsLabel={t("ui.actions")}
        actions={canWrite
          ? (m) => (
            <Dialog
              id={`edit-member-${m.id}`}
              title={t("users.edit", { name: m.name })}
              trigger={t("users.editShort")}
              icon="pencil"
              variant="ghost"
              closeLabel={t("ui.close")}
            >
              <EditMemberBox m={m} roles={roles} />
            </Dialog>
          )
          : undefined}
        empty={
          <EmptyState
            icon="users"
            title={t(q ? "users.noMatch" : "admin.users.empty")}
          />
        }
        more={nextHref ? { href: nextHref, label: t("ui.loadMore") } : undefined}
      />
    </div>
  );
}
