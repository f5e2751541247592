import "./common/common.messages.ts";
import "./companies/companies.messages.ts";
import "./contacts/contacts.messages.ts";
import "./contracts/contracts.messages.ts";
import "./customers/customers.messages.ts";
import "./email-templates/email-templates.messages.ts";
import "./home/home.messages.ts";
import "./numbering/numbering.messages.ts";
import "./organizations/organizations.messages.ts";
import "./reports/reports.messages.ts";
import "./rules/rules.messages.ts";
import "./macros/macros.messages.ts";
import "./merge/merge.messages.ts";
import "./time/time.messages.ts";
import "./settings/settings.messages.ts";
import "./sla/sla.messages.ts";
import "./mailboxes/mailboxes.messages.ts";
import "./mail/mail.messages.ts";
import "./tickets/tickets.messages.ts";
import "./queues/queues.messages.ts";
import "./assignment/assignment.messages.ts";
import "./waiting/waiting.messages.ts";
import { entries, type ModuleManifest } from "../../shared/modules.ts";
import { apiRouter, pageRouter } from "../../shared/http/router.ts";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import { mountTranslations } from "../../platform/translations/public.ts";
import { mountCompanies } from "./companies/companies.handlers.ts";
import { mountContacts } from "./contacts/contacts.handlers.ts";
import { mountCustomers } from "./customers/customers.handlers.ts";
import { mountContracts } from "./contracts/contracts.handlers.ts";
import { mountSla } from "./sla/sla.handlers.ts";
import { mountEmailTemplates } from "./email-templates/email-templates.handlers.ts";
import { mountNumbering } from "./numbering/numbering.handlers.ts";
import { mountOrganizations } from "./organizations/organizations.handlers.ts";
import { mountTickets } from "./tickets/tickets.handlers.ts";
import { mountTicketAttachments } from "./attachments/attachments.handlers.ts";
import { mountTicketAttachmentPages } from "./attachments/attachments.pages.tsx";
import { ATTACHMENT_PATHS } from "./attachments/attachments.routes.ts";
import "./attachments/attachments.messages.ts";
import { mountQueues } from "./queues/queues.handlers.ts";
import { mountAssignment } from "./assignment/assignment.handlers.ts";
import { mountWaiting } from "./waiting/waiting.handlers.ts";
import { mountMacros } from "./macros/macros.handlers.ts";
import { mountMerge } from "./merge/merge.handlers.ts";
import { mountTime } from "./time/time.handlers.ts";
import { mountReports } from "./reports/reports.handlers.ts";
import { mountStatus } from "./status/status.handlers.ts";
import { mountSettings } from "./settings/settings.handlers.ts";
import { mountRules } from "./rules/rules.handlers.ts";
import { mountTicketPages } from "./tickets/tickets.pages.tsx";
import { mountQueuePages } from "./queues/queues.pages.tsx";
import { mountCustomerPages } from "./customers/customers.pages.tsx";
import { mountContactPages } from "./contacts/contacts.pages.tsx";
import { mountCompanyPages } from "./companies/companies.pages.tsx";
import { mountContractPages } from "./contracts/contracts.pages.tsx";
import { mountEmailTemplatePages } from "./email-templates/email-templates.pages.tsx";
import { mountNumberingPages } from "./numbering/numbering.pages.tsx";
import { mountSlaPages } from "./sla/sla.pages.tsx";
import { mountReportPages } from "./reports/reports.pages.tsx";
import { mountOrganizationPages } from "./organizations/organizations.pages.tsx";
import { mountSettingsPages } from "./settings/settings.pages.tsx";
import { mountRulePages } from "./rules/rules.pages.tsx";
import { mountMacroPages } from "./macros/macros.pages.tsx";
import { mountMergePages } from "./merge/merge.pages.tsx";
import { mountTimePages } from "./time/time.pages.tsx";
import { slaJob } from "./sla/sla.job.service.ts";
import { MAILBOX_UNSCOPED_PATHS, mountMailboxes } from "./mailboxes/mailboxes.handlers.ts";
import { mountMailboxPages } from "./mailboxes/mailboxes.pages.tsx";
import { mountMailPages } from "./mail/mail.pages.tsx";
import { mailboxJobs } from "./mailboxes/mailboxes.job.service.ts";
import { initMailboxes } from "./mailboxes/mailboxes.key.service.ts";
import { startMailboxWatcher } from "./mailboxes/mailboxes.watch.service.ts";
import { INBOUND_PUBLIC_PATH } from "./mailboxes/mailboxes.rules.ts";
import { renewalJob } from "./contracts/contracts.job.service.ts";
import { supportEvents } from "./events.ts";
import { searchSupport } from "./search/search.service.ts";
import { supportHome } from "./home/home.pages.tsx";
import { registerAsset } from "../../ui/assets.ts";

const perms = [
  "ticket",
  "customer",
  "contract",
  "sla",
  "template",
  "report",
  "organization",
  "settings",
  "mailbox",
]
  .flatMap((r) => [`support.${r}.read`, `support.${r}.write`]);

// Daily work first; setup pages under "Settings". Roles and translations are one page each
// for the workspace (administration), so they are not listed here.
const menu = entries("support", [
  ["dashboard", "", "support.ticket.read"],
  ["tickets", "/tickets", "support.ticket.read"],
  ["queues", "/queues", "support.ticket.read"],
  ["macros", "/macros", "support.ticket.read"],
  ["customers", "/customers", "support.customer.read"],
  ["contacts", "/contacts", "support.customer.read"],
  ["companies", "/companies", "support.customer.read"],
  ["contracts", "/contracts", "support.contract.read"],
  ["reports", "/reports", "support.report.read"],
  ["timeReport", "/reports/time", "support.report.read"],
  ["slaPolicies", "/sla-policies", "support.sla.read", "admin"],
  ["emailTemplates", "/email-templates", "support.template.read", "admin"],
  ["numbering", "/numbering", "support.template.read", "admin"],
  ["organizations", "/organizations", "support.organization.read", "admin"],
  ["notificationRules", "/notification-rules", "support.settings.read", "admin"],
  ["settings", "/settings", "support.settings.read", "admin"],
  ["mailboxes", "/mailboxes", "support.mailbox.read", "admin"],
]);

registerAsset("support.css", new URL("./assets/support.css", import.meta.url));
// The ticket page's file drop and upload progress (reply box and files card).
registerAsset("support-files.js", new URL("./assets/support-files.js", import.meta.url));
registerAsset("support-files.css", new URL("./assets/support-files.css", import.meta.url));

export const support: ModuleManifest = {
  name: "support",
  labelKey: "module.support",
  icon: "headset",
  // support.macro.write: adding and changing shared macros (admins; agents keep personal ones).
  permissions: [...perms, "support.macro.write"],
  // Agents work tickets, customers and contracts; SLA, templates, organization and settings
  // stay with administrators.
  grants: { agent: ["support.ticket.*", "support.customer.*", "support.contract.*"] },
  menu,
  // The JSON API under /api/support (fixed paths before `{id}` ones).
  api: apiRouter([
    mountTranslations("support", { read: "support.settings.read", write: TRANSLATIONS_WRITE }),
    mountTickets,
    mountTicketAttachments,
    mountQueues,
    mountAssignment,
    mountWaiting,
    mountCustomers,
    mountContacts,
    mountCompanies,
    mountContracts,
    mountSla,
    mountEmailTemplates,
    mountNumbering,
    mountOrganizations,
    mountMacros,
    mountMerge,
    mountTime,
    mountReports,
    mountStatus,
    mountSettings,
    mountRules,
    mountMailboxes,
  ]),
  // Pages under /support. Translations are one page for the workspace now
  // (/admin/translations); the old address leads there. The translations API stays here.
  pages: pageRouter([
    mountReportPages,
    mountTicketAttachmentPages,
    mountTicketPages,
    mountQueuePages,
    mountCustomerPages,
    mountContactPages,
    mountCompanyPages,
    mountContractPages,
    mountEmailTemplatePages,
    mountNumberingPages,
    mountSlaPages,
    mountOrganizationPages,
    mountSettingsPages,
    mountRulePages,
    mountMailboxPages,
    mountMailPages,
    mountMacroPages,
    mountMergePages,
    mountTimePages,
    (app) => {
      app.get("/translations", (c) => c.redirect("/admin/translations", 302));
    },
  ]),
  jobs: [...mailboxJobs, slaJob, renewalJob],
  events: supportEvents,
  // Mailboxes: the inbound e-mail endpoint takes no session (its token is the key) and reads
  // its body itself; the IMAP test talks to a server outside any transaction.
  publicPaths: [INBOUND_PUBLIC_PATH],
  // Ticket files stream too (API and the ticket page's upload and delete forms).
  streamingPaths: [...MAILBOX_UNSCOPED_PATHS, ...ATTACHMENT_PATHS],
  init: (p) => initMailboxes({ sql: p.db.sql, bus: p.bus }, p.config),
  background: (p) => startMailboxWatcher(p.db, p.bus),
  search: searchSupport,
  home: supportHome,
};
