import type { SystemActor } from "../../../shared/http/actor.ts";
import { queueMail, renderTemplate } from "../../../platform/notifications/public.ts";
import { crudService } from "../common/crud.service.ts";
import { emailTemplatesRepo, findTemplate } from "./email-templates.repo.ts";
import { defaultTemplate, ticketMailSubject } from "./email-templates.lib.ts";
import { recordTicketMail, ticketMailEnvelope } from "../replies/replies.service.ts";
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

/**
 * Renders the tenant's template (or the default) and puts it in the outbox. About a ticket,
 * it is an automatic mail that threads like an agent's reply: ticket token in the subject,
 * from and Reply-To the ticket's mailbox, its Message-ID recorded on the ticket, and
 * Auto-Submitted so other helpdesks' auto-responders do not answer it.
 */
export async function sendTemplated(
  actor: SystemActor,
  input: {
    kind: TemplateKind;
    to: string;
    locales: string[];
    vars: unknown;
    ticket?: { id: string; number: string };
  },
) {
  const { sql } = actor;
  const { kind, to, locales, vars, ticket } = input;
  const template = (await findTemplate(sql, kind, locales)) ?? defaultTemplate(kind, locales);
  const message = renderTemplate(template, vars);
  const envelope = ticket
    ? await ticketMailEnvelope(
      sql,
      ticket.id,
      kind === "opened" ? "auto-replied" : "auto-generated",
    )
    : undefined;
  const id = await queueMail({ sql }, {
    to,
    subject: ticket ? ticketMailSubject(message.subject, ticket.number) : message.subject,
    text: message.text,
    html: message.html,
    ...envelope,
  });
  if (ticket && envelope) await recordTicketMail(sql, ticket.id, envelope.messageId);
  return id;
}
