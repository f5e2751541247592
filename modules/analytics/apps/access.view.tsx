/** The access page of an application: its grants (remove) and a form to grant one more. */
import {
  Button,
  type Column,
  DataTable,
  EmptyState,
  Field,
  IconButton,
  type Translate,
  UserChip,
  useT,
} from "../../../ui/kit.ts";
import { knownKey } from "../../../shared/i18n/i18n.ts";
import { APP_LEVELS } from "./access.rules.ts";
import type { Grant } from "./apps.schemas.ts";
import { BASE, LevelBadge } from "./apps.view.tsx";

const BUILTIN_ROLES = ["owner", "admin", "agent", "member", "viewer"];

/**
 * A role as people read it: built-in roles translated (their keys are identity's), custom roles
 * by their own name.
 */
export const roleLabel = (t: Translate, key: string, name: string) =>
  BUILTIN_ROLES.includes(key)
    ? t(knownKey(`role.${key}`, "analytics.apps.grant.role"))
    : name || key;

export const principalOf = (g: { userId: string | null; role: string | null }) =>
  g.userId ? `u:${g.userId}` : `r:${g.role}`;

export function GrantTable({ appId, grants }: { appId: string; grants: Grant[] }) {
  const t = useT();
  const name = (g: Grant) => (g.role ? roleLabel(t, g.role, g.name) : g.name);
  const columns: Column<Grant>[] = [
    {
      label: t("analytics.apps.grant.who"),
      cell: (g) => (g.userId ? <UserChip name={g.name} /> : name(g)),
    },
    {
      label: t("analytics.apps.grant.kind"),
      cell: (g) => t(g.userId ? "analytics.apps.grant.person" : "analytics.apps.grant.role"),
      wide: true,
    },
    { label: t("analytics.apps.grant.level"), cell: (g) => <LevelBadge level={g.level} /> },
  ];
  return (
    <DataTable
      id="grants"
      label={t("analytics.apps.access")}
      columns={columns}
      rows={grants}
      empty={<EmptyState icon="users" title={t("analytics.apps.grant.empty")} />}
      actions={(g) => (
        <form class="inline" method="post" action={`${BASE}/${appId}/access/remove`}>
          <input type="hidden" name="principal" value={principalOf(g)} />
          <IconButton
            type="submit"
            variant="ghost"
            icon="x"
            label={t("analytics.apps.grant.remove", { name: name(g) })}
          />
        </form>
      )}
    />
  );
}

export function GrantForm(
  { appId, people, roles }: {
    appId: string;
    people: { userId: string; name: string }[];
    roles: { key: string; name: string }[];
  },
) {
  const t = useT();
  return (
    <form class="form form-grid" method="post" action={`${BASE}/${appId}/access`}>
      <Field label={t("analytics.apps.grant.who")}>
        <select name="principal" required>
          <optgroup label={t("analytics.apps.grant.roles")}>
            {roles.map((r) => <option value={`r:${r.key}`}>{roleLabel(t, r.key, r.name)}</option>)}
          </optgroup>
          <optgroup label={t("analytics.apps.grant.people")}>
            {people.map((p) => <option value={`u:${p.userId}`}>{p.name}</option>)}
          </optgroup>
        </select>
      </Field>
      <Field label={t("analytics.apps.grant.level")}>
        <select name="level">
          {APP_LEVELS.map((l) => <option value={l}>{t(`analytics.apps.level.${l}`)}</option>)}
        </select>
      </Field>
      <div class="form-actions">
        <Button type="submit" icon="user-plus">{t("analytics.apps.grant.add")}</Button>
      </div>
    </form>
  );
}
