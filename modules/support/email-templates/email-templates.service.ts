import type { SystemActor } from "../../../shared/http/actor.ts";
import { queueMail, renderTemplate } from "../../../platform/notifications/public.ts";
import { crudService } from "../common/crud.service.ts";
import { emailTemplatesRepo, findTemplate } from "./email-templates.repo.ts";
import { DEFAULT_TEMPLATES } from "./email-templates.lib.ts";
import type {
  EmailTemplate,
  EmailTemplateInput,
  EmailTemplateUpdate,
  TemplateKind,
} from "./email-templates.schemas.ts";

export const emailTemplatesService = crudService<
  EmailTemplate,
  EmailTemplateInput,
  EmailTemplateUpdate
>(emailTemplatesRepo, {
  entityType: "email-template",
  noun: "e-mail template",
  label: (r) => `${r.kind}/${r.locale}`,
});

/** Renders the tenant's template (or the default) and puts it in the outbox. */
export async function sendTemplated(
  actor: SystemActor,
  input: { kind: TemplateKind; to: string; locales: string[]; vars: unknown },
) {
  const { sql } = actor;
  const { kind, to, locales, vars } = input;
  const template = (await findTemplate(sql, kind, locales)) ?? DEFAULT_TEMPLATES[kind];
  const message = renderTemplate(template, vars);
  return await queueMail({ sql }, {
    to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  });
}
