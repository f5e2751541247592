import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { readForm } from "../../../shared/http/form.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { html } from "../../../ui/render.tsx";
import { resourcePages } from "../common/resource.pages.tsx";
import { languageName } from "../common/language.lib.ts";
import {
  EmailTemplateInput,
  EmailTemplateUpdate,
  TEMPLATE_KINDS,
} from "./email-templates.schemas.ts";
import type { EmailTemplate } from "./email-templates.schemas.ts";
import { emailTemplatesService } from "./email-templates.service.ts";
import { DEFAULT_TEMPLATES, previewTemplate } from "./email-templates.lib.ts";
import { PreviewBox, PreviewForm } from "./email-preview.view.tsx";

export const mountEmailTemplatePages = (app: Hono<AppEnv>) => {
  // Registered before the resource's `/:id` routes so "preview" is never read as an id.
  app.post("/email-templates/preview", requirePermission("support.template.read"), async (c) => {
    const form = await readForm(c);
    const subject = String(form.subject ?? "").slice(0, 300);
    const body = String(form.body ?? "").slice(0, 20_000);
    return html(c, <PreviewBox rendered={previewTemplate({ subject, body })} />);
  });
  resourcePages<EmailTemplate>(app, {
    path: "/email-templates",
    key: "templates",
    titleKey: "page.emailTemplates",
    newKey: "support.templates.new",
    icon: "mail",
    read: "support.template.read",
    write: "support.template.write",
    ops: emailTemplatesService,
    create: EmailTemplateInput,
    update: EmailTemplateUpdate,
    columns: [
      { labelKey: "support.field.kind", value: (r, l) => t(l, `support.templateKind.${r.kind}`) },
      { labelKey: "support.field.locale", value: (r, l) => languageName(l, r.locale) },
      { labelKey: "support.field.subject", value: (r) => r.subject },
    ],
    fields: (c) => [
      {
        name: "kind",
        labelKey: "support.field.kind",
        type: "select",
        required: true,
        options: TEMPLATE_KINDS.map((k) => [k, t(c.var.locale, `support.templateKind.${k}`)]),
      },
      {
        name: "locale",
        labelKey: "support.field.locale",
        type: "select",
        required: true,
        options: ["tr", "en"].map((x) => [x, languageName(c.var.locale, x)]),
      },
      { name: "subject", labelKey: "support.field.subject", required: true, wide: true },
      {
        name: "body",
        labelKey: "support.field.body",
        type: "textarea",
        required: true,
        hintKey: "support.templates.variables",
      },
    ],
    filters: (c) => [{
      name: "kind",
      labelKey: "support.field.kind",
      type: "select",
      emptyLabelKey: "support.all",
      options: TEMPLATE_KINDS.map((k) => [k, t(c.var.locale, `support.templateKind.${k}`)]),
    }],
    extra: () => Promise.resolve(<PreviewForm initial={DEFAULT_TEMPLATES.opened} />),
  });
};
