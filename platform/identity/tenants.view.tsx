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
  type Translate,
  useT,
} from "../../ui/kit.ts";
import { TENANT_STATUSES, type TenantDetail, type TenantStatus } from "./tenants.schemas.ts";

/** Field name → message, for the create form. */
export type FormErrors = Partial<
  Record<"slug" | "name" | "email" | "ownerName" | "password", string>
>;

const statusLabel = (t: Translate, s: TenantStatus) => t(`tenants.status.${s}`);

export function TenantFilters({ q, status }: { q: string; status: string }) {
  const t = useT();
  return (
    <Filters action="/admin/tenants" target="#tenants" label={t("ui.filters")}>
      <Field label={t("tenants.search")}>
        <input type="search" name="q" value={q} maxLength={200} />
      </Field>
      <Field label={t("tenants.status")}>
        <select name="status">
          <option value="" selected={!status}>{t("tenants.status.all")}</option>
          {TENANT_STATUSES.map((s) => (
            <option value={s} selected={status === s}>{statusLabel(t, s)}</option>
          ))}
        </select>
      </Field>
    </Filters>
  );
}

/** Suspend or reactivate, confirmed in a dialog (or on its own page without script). */
function StatusAction({ tenant }: { tenant: TenantDetail }) {
  const t = useT();
  const suspend = tenant.status === "active";
  const verb = suspend ? "suspend" : "reactivate";
  const action = `/admin/tenants/${tenant.id}/${verb}`;
  return (
    <Dialog
      id={`${verb}-${tenant.id}`}
      title={t(`tenants.${verb}.title`, { name: tenant.name })}
      trigger={t(`tenants.${verb}`)}
      icon={suspend ? "pause" : "play"}
      variant={suspend ? "danger" : "secondary"}
      closeLabel={t("ui.close")}
      fallbackHref={action}
    >
      <StatusConfirmForm tenant={tenant} inDialog />
    </Dialog>
  );
}

/** The confirmation: in the row's dialog, or alone on a page (Cancel then goes back). */
export function StatusConfirmForm(
  { tenant, inDialog }: { tenant: TenantDetail; inDialog?: boolean },
) {
  const t = useT();
  const suspend = tenant.status === "active";
  const verb = suspend ? "suspend" : "reactivate";
  return (
    <form method="post" action={`/admin/tenants/${tenant.id}/${verb}`}>
      <p>{t(`tenants.${verb}.text`)}</p>
      <div class="form-actions">
        {inDialog
          ? <Button variant="secondary" data-dialog-close="">{t("ui.cancel")}</Button>
          : <Button variant="secondary" href="/admin/tenants">{t("ui.cancel")}</Button>}
        <Button type="submit" variant={suspend ? "danger" : "primary"}>
          {t(`tenants.${verb}`)}
        </Button>
      </div>
    </form>
  );
}

export function TenantsTable(
  { rows, currentTenantId, more }: {
    rows: TenantDetail[];
    currentTenantId: string;
    more?: string;
  },
) {
  const t = useT();
  return (
    <DataTable
      id="tenants"
      label={t("nav.tenants")}
      rows={rows}
      columns={[
        {
          label: t("tenants.name"),
          cell: (r) => (
            <>
              <strong>{r.name}</strong>
              <br />
              <span class="muted">{r.slug}</span>
            </>
          ),
        },
        {
          label: t("tenants.status"),
          cell: (r) => (
            <span data-tenant-status={r.slug}>
              <StateBadge kind="tenant" value={r.status} label={statusLabel(t, r.status)} />
            </span>
          ),
        },
        {
          label: t("tenants.createdAt"),
          cell: (r) => <RelativeTime at={r.createdAt} />,
          wide: true,
        },
        {
          label: t("tenants.suspendedAt"),
          cell: (r) => <RelativeTime at={r.suspendedAt} />,
          wide: true,
        },
      ]}
      actions={(r) =>
        r.id === currentTenantId
          ? <span class="muted">{t("tenants.current")}</span>
          : <StatusAction tenant={r} />}
      actionsLabel={t("ui.actions")}
      empty={<EmptyState icon="building-2" title={t("tenants.none")} />}
      more={more ? { href: more, label: t("ui.loadMore") } : undefined}
    />
  );
}

/** The create form; posted with htmx from its dialog, it comes back here with its errors. */
export function CreateTenantForm(
  { values = {}, errors = {}, flash }: {
    values?: Record<string, string>;
    errors?: FormErrors;
    flash?: Flash;
  },
) {
  const t = useT();
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
      <Field label={t("tenants.name")} error={errors.name}>
        <input name="name" value={values.name ?? ""} required maxLength={200} />
      </Field>
      <Field label={t("tenants.slug")} hint={t("tenants.slug.hint")} error={errors.slug}>
        <input
          name="slug"
          value={values.slug ?? ""}
          required
          pattern="[a-z0-9][a-z0-9\-]{1,62}"
          maxLength={63}
          autocomplete="off"
        />
      </Field>
      <Field label={t("tenants.ownerEmail")} error={errors.email}>
        <input type="email" name="ownerEmail" value={values.ownerEmail ?? ""} required />
      </Field>
      <Field label={t("tenants.ownerName")} error={errors.ownerName}>
        <input name="ownerName" value={values.ownerName ?? ""} required maxLength={200} />
      </Field>
      <Field
        label={t("tenants.ownerPassword")}
        hint={t("tenants.ownerPassword.hint")}
        error={errors.password}
        wide
      >
        <input type="password" name="ownerPassword" minLength={8} autocomplete="new-password" />
      </Field>
      <div class="form-actions field-wide">
        <Button type="submit" icon="plus">{t("ui.create")}</Button>
      </div>
    </form>
  );
}

/** What the dialog shows once the tenant exists: the generated password, if any, only now. */
export function TenantCreated(
  { tenant, password }: { tenant: TenantDetail; password?: string },
) {
  const t = useT();
  return (
    <div id="tenant-create-form">
      <Toast flash={{ kind: "ok", text: t("tenants.createdFlash", { name: tenant.name }) }} />
      {password && <p>{t("tenants.generatedPassword", { password })}</p>}
      <div class="form-actions">
        <Button href="/admin/tenants" icon="check">{t("tenants.done")}</Button>
      </div>
    </div>
  );
}

export function CreateTenantDialog() {
  const t = useT();
  return (
    <Dialog
      id="new-tenant"
      title={t("tenants.new")}
      trigger={t("tenants.new")}
      icon="plus"
      closeLabel={t("ui.close")}
      fallbackHref="/admin/tenants/new"
      wide
    >
      <CreateTenantForm />
    </Dialog>
  );
}
