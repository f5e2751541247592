import { type MessageTemplate, renderTemplate } from "../../../platform/notifications/public.ts";
import type { TemplateKind } from "./email-templates.schemas.ts";
import { ticketToken, withoutTokens } from "../mail/mail.thread.rules.ts";

/** Used when a tenant has not written its own template for a kind. */
export const DEFAULT_TEMPLATES: Record<TemplateKind, MessageTemplate> = {
  opened: {
    subject: "{{ticket.subject}}",
    body: "Hello {{customer.name}},\n\nwe received your request {{ticket.number}} " +
      '"{{ticket.subject}}" and will get back to you soon.',
  },
  updated: {
    subject: "Updated: {{ticket.subject}}",
    body: "Hello {{customer.name}},\n\nyour request {{ticket.number}} was updated. " +
      "Status: {{ticket.statusLabel}}.\n\n{{comment.body}}",
  },
  closed: {
    subject: "Closed: {{ticket.subject}}",
    body: "Hello {{customer.name}},\n\nyour request {{ticket.number}} is closed. " +
      "Reply to reopen it.\n\nHow did we do? Rate our help (one click): {{ratingLink}}",
  },
  // The subject gets "Re:" and the ticket token added when sent (replySubject).
  reply: {
    subject: "{{ticket.subject}}",
    body: "{{comment.body}}\n\n{{signature}}",
  },
  renewal: {
    subject: "Your contract {{contract.name}} ends on {{contract.endsOn}}",
    body: "Hello {{customer.name}},\n\nyour contract {{contract.name}} ends on " +
      "{{contract.endsOn}}. Contact us to renew it.",
  },
};

/** Defaults in other languages, where one is written; the rest fall back to DEFAULT_TEMPLATES. */
const LOCALIZED_DEFAULTS: Record<string, Partial<Record<TemplateKind, MessageTemplate>>> = {
  tr: {
    closed: {
      subject: "Kapatıldı: {{ticket.subject}}",
      body: "Merhaba {{customer.name}},\n\n{{ticket.number}} numaralı talebiniz kapatıldı. " +
        "Yeniden açmak için bu e-postayı yanıtlayın.\n\nNasıl yardımcı olduk? " +
        "Desteğimizi değerlendirin (tek tık): {{ratingLink}}",
    },
  },
};

/** The built-in template of a kind in the first of the languages that has one (else English). */
export function defaultTemplate(kind: TemplateKind, locales: string[]): MessageTemplate {
  for (const l of locales) {
    if (l === "en") break;
    const found = LOCALIZED_DEFAULTS[l]?.[kind];
    if (found) return found;
  }
  return DEFAULT_TEMPLATES[kind];
}

/**
 * The subject of an automatic ticket mail (opened, updated, closed): the template's, with the
 * ticket token once at the end, as replies carry it (replySubject), so e-mail intake threads
 * the customer's answer onto the ticket. A "[number]" the template wrote out is dropped.
 */
export function ticketMailSubject(subject: string, number: string): string {
  const rest = withoutTokens((subject ?? "").split(`[${number}]`).join(" "));
  return rest ? `${rest} ${ticketToken(number)}` : ticketToken(number);
}

/** Sample values for previews: every variable a template may use. */
export const SAMPLE_VARS = {
  ticket: {
    number: "SUP-2026-00042",
    subject: "Printer does not print",
    status: "islemde",
    statusLabel: "In progress",
    priority: "yuksek",
    assignee: "Ayşe Agent",
    link: "/support/tickets/0190f5b4-8c1e-7000-8000-000000000000",
  },
  customer: { name: "Mehmet Customer", email: "mehmet@example.com" },
  comment: { body: "We replaced the toner." },
  agent: { name: "Ayşe Agent" },
  signature: "Ayşe Agent, Support team",
  ratingLink: "https://support.example.com/support/rate/sample-link",
  contract: { name: "Premium 2026", endsOn: "2026-12-31" },
};

export const previewTemplate = (t: MessageTemplate) => renderTemplate(t, SAMPLE_VARS);
