import type { ButtonHTMLAttributes, ComponentChildren } from "preact";
import { Icon } from "./icon.tsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

type ButtonProps =
  & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "icon" | "class" | "type">
  & { type?: "button" | "submit" | "reset" }
  & {
    variant?: ButtonVariant;
    icon?: string;
    /** Renders a link that looks like a button. */
    href?: string;
    /** With href: download the target (optionally under this file name). */
    download?: string | boolean;
    /** With href: where to open the link. */
    target?: string;
    small?: boolean;
    class?: string;
    children?: ComponentChildren;
  };

const classes = (variant: ButtonVariant, small?: boolean, extra?: string) =>
  ["btn", `btn-${variant}`, small ? "btn-sm" : "", extra ?? ""].filter(Boolean).join(" ");

/**
 * A button, or a link styled as one when `href` is set. Primary for the page's main action,
 * secondary for the rest, danger for destructive ones, ghost inside tables and toolbars.
 *
 * Usage: `<Button type="submit" icon="save">{t("save")}</Button>`,
 * `<Button href="/support/tickets/new" icon="plus">{t("tickets.new")}</Button>`
 */
export function Button(
  { variant = "primary", icon, href, small, class: cls, children, type, ...rest }: ButtonProps,
) {
  const body = (
    <>
      {icon && <Icon name={icon} size={small ? 14 : 16} />}
      {children !== undefined && <span>{children}</span>}
    </>
  );
  if (href) {
    return (
      <a href={href} class={classes(variant, small, cls)} {...(rest as Record<string, unknown>)}>
        {body}
      </a>
    );
  }
  return (
    <button type={type ?? "button"} class={classes(variant, small, cls)} {...rest}>
      {body}
    </button>
  );
}

/**
 * A square button with only an icon; `label` is its accessible name and tooltip.
 *
 * Usage: `<IconButton icon="trash-2" label={t("delete")} hx-delete={url} variant="danger" />`
 */
export function IconButton(
  { icon, label, variant = "ghost", href, class: cls, type, ...rest }:
    & Omit<ButtonProps, "children">
    & { icon: string; label: string },
) {
  const c = classes(variant, false, `btn-icon${cls ? ` ${cls}` : ""}`);
  if (href) {
    return (
      <a
        href={href}
        class={c}
        aria-label={label}
        title={label}
        {...(rest as Record<string, unknown>)}
      >
        <Icon name={icon} size={16} />
      </a>
    );
  }
  return (
    <button type={type ?? "button"} class={c} aria-label={label} title={label} {...rest}>
      <Icon name={icon} size={16} />
    </button>
  );
}
