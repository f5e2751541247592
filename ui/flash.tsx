import type { Flash } from "../shared/http/form.ts";

export type { Flash };

/**
 * The outcome of a form post. With an id, an empty live region stays for htmx to fill.
 *
 * Usage: `<FlashMessage flash={{ kind: "ok", text: savedText }} id="settings-flash" />`
 */
export function FlashMessage({ flash, id }: { flash?: Flash; id?: string }) {
  if (!flash) return id ? <div id={id} aria-live="polite"></div> : null;
  return (
    <p id={id} class={`alert ${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
      {flash.text}
    </p>
  );
}
