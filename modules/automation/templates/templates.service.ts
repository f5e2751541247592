import { t } from "../../../shared/i18n/i18n.ts";
import { TEMPLATES } from "./templates.ts";
import "./templates.messages.ts";

/** The templates with their names and descriptions in `locale`. */
export function templatesIn(locale: string) {
  return TEMPLATES.map(({ labelKey, descriptionKey, ...tpl }) => ({
    ...tpl,
    name: t(locale, labelKey),
    description: t(locale, descriptionKey),
  }));
}
