import type { ComponentChildren } from "preact";
import { type Crumb, Dialog, type Translate } from "../../../ui/kit.ts";
import type { Flash } from "../../../shared/http/pages.ts";
import type { FileKind } from "../files/content-types.lib.ts";

export type { Flash };

/**
 * A form that works as a plain POST and, with htmx, swaps the page's content (header and
 * dialogs included, so a dialog closes and the title follows a rename) out of the page the
 * action redirects to, and keeps the address bar on that page. A failed action answers the
 * page again with its message (docsPage keeps the address bar then).
 */
export function ActionForm(
  { action, back, confirm, children, class: cls, id }: {
    action: string;
    back: string;
    confirm?: string;
    children: ComponentChildren;
    class?: string;
    id?: string;
  },
) {
  return (
    <form
      id={id}
      method="post"
      action={action}
      class={cls ?? "inline"}
      hx-post={action}
      hx-target="#content"
      hx-select="#content"
      hx-swap="outerHTML"
      hx-push-url="true"
      hx-confirm={confirm}
    >
      <input type="hidden" name="back" value={back} />
      {children}
    </form>
  );
}

/** A row action that opens a small form in the kit's Dialog from an icon button. */
export function RowDialog(
  { id, icon, label, title, closeLabel, children }: {
    id: string;
    icon: string;
    label: string;
    title: string;
    closeLabel: string;
    children: ComponentChildren;
  },
) {
  return (
    <Dialog
      id={id}
      icon={icon}
      iconOnly
      variant="ghost"
      trigger={label}
      title={title}
      closeLabel={closeLabel}
    >
      {children}
    </Dialog>
  );
}

/** The module's crumb, first on every page below the dashboard. */
export const moduleCrumb = (t: Translate): Crumb => ({
  label: t("module.documents"),
  href: "/documents",
});

/** A kind of files as people read it ("Spreadsheets"), never the raw content type. */
export const kindLabel = (t: Translate, kind: FileKind) => t(`documents.kind.${kind}`);

/** One file's kind ("Spreadsheet"). */
export const kindOfFile = (t: Translate, kind: FileKind) => t(`documents.kindOne.${kind}`);
