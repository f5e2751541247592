import { type MessageTemplate, renderTemplate } from "../../../platform/notifications/public.ts";
import type { TemplateKind } from "./email-templates.schemas.ts";

/** Used when a tenant has not written its own template for a kind. */
export const DEFAULT_TEMPLATES: Record<TemplateKind, MessageTemplate> = {
  opened: {
    subject: "[{{ticket.number}}] {{ticket.subject}}",
    body: "Hello {{customer.name}},\n\nwe received your request {{ticket.number}} " +
      '"{{ticket.subject}}" and will get back to you soon.',
  },
  updated: {
    subject: "[{{ticket.number}}] updated: {{ticket.subject}}",
    body: "Hello {{customer.name}},\n\nyour request {{ticket.number}} was updated. " +
      "Status: {{ticket.statusLabel}}.\n\n{{comment.body}}",
  },
  closed: {
    subject: "[{{ticket.number}}] closed: {{ticket.subject}}",
    body: "Hello {{customer.name}},\n\nyour request {{ticket.number}} is closed. " +
      "Reply to reopen it.",
  },
  renewal: {
    subject: "Your contract {{contract.name}} ends on {{contract.endsOn}}",
    body: "Hello {{customer.name}},\n\nyour contract {{contract.name}} ends on " +
      "{{contract.endsOn}}. Contact us to renew it.",
  },
};

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
  contract: { name: "Premium 2026", endsOn: "2026-12-31" },
};

export const previewTemplate = (t: MessageTemplate) => renderTemplate(t, SAMPLE_VARS);
