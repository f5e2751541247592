import { Card, Field, Toast, useT } from "../../../ui/kit.ts";
import type { Flash } from "../../../ui/toast.tsx";
import type { PortalSettingsView } from "./portal.schemas.ts";
import "./portal.messages.ts";

function Check(
  { id, name, checked, disabled, label }: {
    id: string;
    name: string;
    checked: boolean;
    disabled: boolean;
    label: string;
  },
) {
  return (
    <div class="field field-wide">
      <label class="check">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="true"
          checked={checked}
          disabled={disabled}
        />
        <span>{label}</span>
      </label>
    </div>
  );
}

/** The agent side's "Customer portal" settings: what customers may do, and the address. */
export function PortalSettingsPanel(
  { settings, portalUrl, ssoCallbackUrl, canWrite, flash }: {
    settings: PortalSettingsView;
    /** The portal's absolute address, to hand to customers. */
    portalUrl: string;
    /** Where the workspace's identity provider sends customers back (register it there). */
    ssoCallbackUrl: string;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  return (
    <div id="portal-settings-panel">
      <Toast flash={flash} />
      <Card>
        <p class="muted">{t("portal.settings.intro")}</p>
        <div class="field field-wide">
          <span class="field-label">{t("portal.settings.link")}</span>
          <a href={settings.portalPath} class="portal-settings-link" id="portal-settings-link">
            {portalUrl}
          </a>
        </div>
        <div class="field field-wide">
          <span class="field-label">{t("portal.settings.ssoCallback")}</span>
          <code class="portal-settings-link" id="portal-sso-callback">{ssoCallbackUrl}</code>
          <span class="field-hint">{t("portal.settings.ssoCallbackHint")}</span>
        </div>
        <form
          class="form-grid"
          method="post"
          action="/support/settings/portal"
          hx-post="/support/settings/portal"
          hx-target="#portal-settings-panel"
          hx-swap="outerHTML"
        >
          <Check
            id="portal-enabled"
            name="enabled"
            checked={settings.enabled}
            disabled={!canWrite}
            label={t("portal.settings.enabled")}
          />
          <Check
            id="portal-priority"
            name="allowPriority"
            checked={settings.allowPriority}
            disabled={!canWrite}
            label={t("portal.settings.allowPriority")}
          />
          <Check
            id="portal-assignees"
            name="showAssigneeNames"
            checked={settings.showAssigneeNames}
            disabled={!canWrite}
            label={t("portal.settings.showAssigneeNames")}
          />
          <Field label={t("portal.settings.reopenDays")} hint={t("portal.settings.reopenDaysHint")}>
            <input
              id="portal-reopen-days"
              name="reopenDays"
              type="number"
              min={0}
              max={365}
              step={1}
              required
              value={String(settings.reopenDays)}
              disabled={!canWrite}
            />
          </Field>
          {canWrite && (
            <div class="form-actions field-wide">
              <button type="submit" class="btn btn-primary">{t("support.save")}</button>
            </div>
          )}
        </form>
      </Card>
    </div>
  );
}
