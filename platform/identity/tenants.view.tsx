import type { Locale } from "../../shared/i18n/i18n.ts";
import { t } from "../../shared/i18n/i18n.ts";
import {
  Button,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Filters,
  type Flash,
  RelativeTime,
  StateBadge,
  Toast,
} from "../../ui/kit.ts";
import { TENANT_STATUSES, type TenantDetail, type TenantStatus } from "./tenants.schemas.ts";

/** Field name → message, for the create form. */
export type FormErrors = Partial<
  Record<"slug" | "name" | "email" | "ownerName" | "password", string>
>;

const statusLabel = (l: Locale, s: TenantStatus) => t(l, `tenants.status.${s}`);

export function TenantFilters({ l, q, status }: { l: Locale; q: string; status: string }) {
  return (
    <Filters action="/admin/tenants" target="#tenants" label={t(l, "ui.filters")}>
      <Field label={t(l, "tenants.search")}>
        <input type="search" name="q" value={q} maxLength={200} />
      </Field>
      <Field label={t(l, "tenants.status")}>
        <select name="status">
          <option value="" selected={!status}>{t(l, "tenants.status.all")}</option>
          {TENANT_STATUSES.map((s) => (
            <option value={s} selected={status === s}>{statusLabel(l, s)}</option>
          ))}
        </select>
      </Field>
    </Filters>
  );
}

/** Suspend or reactivate, confirmed in a dialog (or on its own page without script). */
function StatusAction({ l, tenant }: { l: Locale; tenant: TenantDetail }) {
  const suspend = tenant.status === "active";
  const verb = suspend ? "suspend" : "reactivate";
  const action = `/admin/tenants/${tenant.id}/${verb}`;
  return (
    <Dialog
      id={`${verb}-${tenant.id}`}
      title={t(l, `tenants.${verb}.title`, { name: tenant.name })}
      trigger={t(l, `tenants.${verb}`)}
      icon={suspend ? "pause" : "play"}
      variant={suspend ? "danger" : "secondary"}
      closeLabel={t(l, "ui.close")}
      fallbackHref={action}
    >
      <StatusConfirmForm l={l} tenant={tenant} inDialog />
    </Dialog>
  );
}

/** The confirmation: in the row's dialog, or alone on a page (Cancel then goes back). */
export function StatusConfirmForm(
  { l, tenant, inDialog }: { l: Locale; tenant: TenantDetail; inDialog?: boolean },
) {
  const suspend = tenant.status === "active";
  const verb = suspend ? "suspend" : "reactivate";
  return (
    <form method="post" action={`/admin/tenants/${tenant.id}/${verb}`}>
      <p>{t(l, `tenants.${verb}.text`)}</p>
      <div class="form-actions">
        {inDialog
          ? <Button variant="secondary" data-dialog-close="">{t(l, "ui.cancel")}</Button>
          : <Button variant="secondary" href="/admin/tenants">{t(l, "ui.cancel")}</Button>}
        <Button type="submit" variant={suspend ? "danger" : "primary"}>
          {t(l, `tenants.${verb}`)}
        </Button>
      </div>
    </form>
  );
}

export function TenantsTable(
  { l, rows, currentTenantId, more }: {
    l: Locale;
    rows: TenantDetail[];
    currentTenantId: string;
    more?: string;
  },
) {
  return (
    <DataTable
      id="tenants"
      label={t(l, "nav.tenants")}
      rows={rows}
      columns={[
        {
          label: t(l, "tenants.name"),
          cell: (r) => (
            <>
              <strong>{r.name}</strong>
              <br />
              <span class="muted">{r.slug}</span>
            </>
          ),
        },
        {
          label: t(l, "tenants.status"),
          cell: (r) => (
            <span data-tenant-status={r.slug}>
              <StateBadge kind="tenant" value={r.status} label={statusLabel(l, r.status)} />
            </span>
          ),
        },
        {
          label: t(l, "tenants.createdAt"),
          cell: (r) => <RelativeTime at={r.createdAt} />,
          wide: true,
        },
        {
          label: t(l, "tenants.suspendedAt"),
          cell: (r) => <RelativeTime at={r.suspendedAt} />,
          wide: true,
        },
      ]}
      actions={(r) =>
        r.id === currentTenantId
          ? <span class="muted">{t(l, "tenants.current")}</span>
          : <StatusAction l={l} tenant={r} />}
      actionsLabel={t(l, "ui.actions")}
      empty={<EmptyState icon="building-2" title={t(l, "tenants.none")} />}
      more={more ? { href: more, label: t(l, "ui.loadMore") } : undefined}
    />
  );
}

/** The create form; posted with htmx from its dialog, it comes back here with its errors. */
export function CreateTenantForm(
  { l, values = {}, errors = {}, flash }: {
    l: Locale;
    values?: Record<string, string>;
    errors?: FormErrors;
    flash?: Flash;
  },
) {
  return (
    <form
      id="tenant-create-form"
      method="post"
      action="/admin/tenants"
      hx-post="/admin/tenants"
      hx-target="this"
      hx-swap="outerHTML"
      class="form-grid"
    >
      {flash && (
        <div class="field-wide">
          <Toast flash={flash} />
        </div>
      )}
      <Field label={t(l, "tenants.name")} error={errors.name}>
        <input name="name" value={values.name ?? ""} required maxLength={200} />
      </Field>
      <Field label={t(l, "tenants.slug")} hint={t(l, "tenants.slug.hint")} error={errors.slug}>
        <input
          name="slug"
          value={values.slug ?? ""}
          required
          pattern="[a-z0-9][a-z0-9\-]{1,62}"
          maxLength={63}
          autocomplete="off"
        />
      </Field>
      <Field label={t(l, "tenants.ownerEmail")} error={errors.email}>
        <input type="email" name="ownerEmail" value={values.ownerEmail ?? ""} required />
      </Field>
      <Field label={t(l, "tenants.ownerName")} error={errors.ownerName}>
        <input name="ownerName" value={values.ownerName ?? ""} required maxLength={200} />
      </Field>
      <Field
        label={t(l, "tenants.ownerPassword")}
        hint={t(l, "tenants.ownerPassword.hint")}
        error={errors.password}
        wide
      >
        <input type="password" name="ownerPassword" minLength={8} autocomplete="new-password" />
      </Field>
      <div class="form-actions field-wide">
        <Button type="submit" icon="plus">{t(l, "ui.create")}</Button>
      </div>
    </form>
  );
}

/** What the dialog shows once the tenant exists: the generated password, if any, only now. */
export function TenantCreated(
  { l, tenant, password }: { l: Locale; tenant: TenantDetail; password?: string },
) {
  return (
    <div id="tenant-create-form">
      <Toast flash={{ kind: "ok", text: t(l, "tenants.createdFlash", { name: tenant.name }) }} />
      {password && <p>{t(l, "tenants.generatedPassword", { password })}</p>}
      <div class="form-actions">
        <Button href="/admin/tenants" icon="check">{t(l, "tenants.done")}</Button>
      </div>
    </div>
  );
}

export function CreateTenantDialog({ l }: { l: Locale }) {
  return (
    <Dialog
      id="new-tenant"
      title={t(l, "tenants.new")}
      trigger={t(l, "tenants.new")}
      icon="plus"
      closeLabel={t(l, "ui.close")}
      fallbackHref="/admin/tenants/new"
      wide
    >
      <CreateTenantForm l={l} />
    </Dialog>
  );
}
