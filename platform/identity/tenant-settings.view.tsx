import { nativeName } from "../../shared/i18n/i18n.ts";
import { Button, Field, type Flash, Toast, useT } from "../../ui/kit.ts";
import { TENANT_LOCALES } from "./tenants.schemas.ts";

/** Field name → message for the settings form. */
export type SettingsErrors = Partial<
  Record<"name" | "locale" | "timeZone" | "accentColor" | "logo", string>
>;

/** What the form shows: the stored settings, or what was just submitted with errors. */
export interface SettingsValues {
  name: string;
  locale: string;
  timeZone: string;
  /** `#rrggbb`; null means the theme's own colour. */
  accentColor: string | null;
}

// The colour picker needs some value; it is ignored while "theme's colour" is ticked.
const PICKER_DEFAULT = "#2563eb";

/** "America/Argentina/Buenos_Aires" → "America / Argentina / Buenos Aires". */
const zoneLabel = (zone: string) => zone.replaceAll("_", " ").replaceAll("/", " / ");

/**
 * The workspace settings form. It posts as multipart (the logo is a file); htmx swaps it back
 * with its errors, and a success reloads the page so the shell shows the new name and look.
 */
export function TenantSettingsForm(
  { values, logo, zones, errors = {}, flash }: {
    values: SettingsValues;
    /** The stored logo (a data: URL), shown as a preview. */
    logo: string | null;
    zones: string[];
    errors?: SettingsErrors;
    flash?: Flash;
  },
) {
  const t = useT();
  return (
    <form
      id="tenant-settings-form"
      method="post"
      action="/admin/tenant"
      enctype="multipart/form-data"
      hx-post="/admin/tenant"
      hx-encoding="multipart/form-data"
      hx-target="this"
      hx-swap="outerHTML"
      class="form-grid"
    >
      {flash && (
        <div class="field-wide">
          <Toast flash={flash} />
        </div>
      )}
      <Field label={t("tenantSettings.name")} error={errors.name} wide>
        <input name="name" value={values.name} required maxLength={200} />
      </Field>
      <Field
        label={t("tenantSettings.locale")}
        hint={t("tenantSettings.locale.hint")}
        error={errors.locale}
      >
        <select name="locale">
          {TENANT_LOCALES.map((code) => (
            <option value={code} selected={values.locale === code} lang={code}>
              {nativeName(code)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t("tenantSettings.timeZone")}
        hint={t("tenantSettings.timeZone.hint")}
        error={errors.timeZone}
      >
        <select name="timeZone">
          {zones.map((zone) => (
            <option value={zone} selected={values.timeZone === zone}>{zoneLabel(zone)}</option>
          ))}
        </select>
      </Field>
      <Field label={t("tenantSettings.accent")} error={errors.accentColor}>
        <input type="color" name="accentColor" value={values.accentColor ?? PICKER_DEFAULT} />
      </Field>
      <div class="checks field">
        <label>
          <input type="checkbox" name="accentDefault" checked={values.accentColor === null} />
          {t("tenantSettings.accentDefault")}
        </label>
      </div>
      <div class="field field-wide">
        <span class="field-label">{t("tenantSettings.logo.current")}</span>
        {logo
          ? <img src={logo} alt={t("tenantSettings.logo.current")} height={48} />
          : <span class="muted">{t("tenantSettings.logo.none")}</span>}
      </div>
      <Field
        label={t("tenantSettings.logo")}
        hint={t("tenantSettings.logo.hint")}
        error={errors.logo}
      >
        <input type="file" name="logo" accept="image/png,image/jpeg" />
      </Field>
      {logo && (
        <div class="checks field">
          <label>
            <input type="checkbox" name="removeLogo" />
            {t("tenantSettings.logo.remove")}
          </label>
        </div>
      )}
      <div class="form-actions field-wide">
        <Button type="submit" icon="save">{t("ui.save")}</Button>
      </div>
    </form>
  );
}
