import type { ComponentChildren } from "preact";
import { Button } from "./button.tsx";

/**
 * A form's row with its one submit button; `wide` spans the whole form grid.
 *
 * Usage: `<SubmitRow icon="check" wide>{t("profile.save")}</SubmitRow>`
 */
export function SubmitRow(
  { icon, wide, children }: { icon?: string; wide?: boolean; children: ComponentChildren },
) {
  return (
    <div class={wide ? "form-actions field-wide" : "form-actions"}>
      <Button type="submit" icon={icon}>{children}</Button>
    </div>
  );
}
