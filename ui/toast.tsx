import type { Flash } from "../shared/http/form.ts";
import { Icon } from "./icon.tsx";

export type { Flash };

/**
 * The outcome of an action. Successes float as a toast that fades (ui/assets/app.js);
 * errors stay in place, next to the form, until fixed. With an id, an empty live region stays
 * for htmx to fill.
 *
 * Usage: `<Toast flash={{ kind: "ok", text: t("saved") }} id="settings-flash" />`
 */
export function Toast({ flash, id }: { flash?: Flash; id?: string }) {
  if (!flash) return id ? <div id={id} aria-live="polite"></div> : null;
  const ok = flash.kind !== "error";
  return (
    <div
      id={id}
      class={`alert ${flash.kind}${ok ? " toast" : ""}`}
      role={ok ? "status" : "alert"}
    >
      <Icon name={ok ? "circle-check" : "circle-alert"} />
      <span>{flash.text}</span>
    </div>
  );
}

/** The earlier name of Toast, kept for pages not yet moved. */
export const FlashMessage = Toast;
