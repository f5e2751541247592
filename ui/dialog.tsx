import type { ComponentChildren } from "preact";
import { Button, type ButtonVariant, IconButton } from "./button.tsx";

/**
 * A create/edit form in a native `<dialog>`, opened by its trigger button (ui/assets/app.js),
 * instead of a form always open above the list. Without script the trigger is a link to
 * `fallbackHref` (a page with the same form), so nothing is lost.
 *
 * Inside, a form posting with htmx may answer 4xx with the form and its errors (it is swapped
 * in place) or succeed with a redirect; a response header `HX-Trigger: dialog-close` closes it.
 *
 * Usage:
 * ```tsx
 * <Dialog id="new-ticket" title={t("tickets.new")} trigger={t("tickets.new")} icon="plus" closeLabel={t("close")}>
 *   <form method="post" action="/support/tickets" hx-post="/support/tickets">…</form>
 * </Dialog>
 * ```
 */
export function Dialog(
  {
    id,
    title,
    trigger,
    icon,
    iconOnly,
    triggerLabel,
    small,
    variant = "primary",
    closeLabel,
    children,
    wide,
    fallbackHref,
  }: {
    id: string;
    title: string;
    trigger: string;
    icon?: string;
    /** A row action: only the icon shows, `trigger` becomes its label and tooltip. */
    iconOnly?: boolean;
    /** The trigger's accessible name when its text is not enough ("Edit" → "Edit Acme Ltd"). */
    triggerLabel?: string;
    small?: boolean;
    variant?: ButtonVariant;
    closeLabel: string;
    children: ComponentChildren;
    wide?: boolean;
    fallbackHref?: string;
  },
) {
  return (
    <>
      {iconOnly && icon
        ? (
          <IconButton
            icon={icon}
            label={triggerLabel ?? trigger}
            variant={variant === "primary" ? "ghost" : variant}
            data-dialog-open={id}
            aria-haspopup="dialog"
            href={fallbackHref}
          />
        )
        : (
          <Button
            variant={variant}
            icon={icon}
            small={small}
            aria-label={triggerLabel}
            data-dialog-open={id}
            aria-haspopup="dialog"
            href={fallbackHref}
          >
            {trigger}
          </Button>
        )}
      <dialog id={id} class={`dialog${wide ? " dialog-wide" : ""}`} aria-labelledby={`${id}-title`}>
        <header class="dialog-head">
          <h2 id={`${id}-title`}>{title}</h2>
          <IconButton icon="x" label={closeLabel} data-dialog-close="" />
        </header>
        <div class="dialog-body">{children}</div>
      </dialog>
    </>
  );
}
