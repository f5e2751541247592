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
import "./kb/kb.messages.ts";
import "./help-centre/help-centre.messages.ts";
import "./satisfaction/satisfaction.messages.ts";
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
import { mountKb } from "./kb/kb.handlers.ts";
import { KB_STREAMING_PATHS } from "./kb/kb.routes.ts";
import { mountKbPages } from "./kb/kb.pages.tsx";
import { mountHelpCentrePages } from "./help-centre/help-centre.pages.tsx";
import { mountSatisfaction } from "./satisfaction/satisfaction.handlers.ts";
import {
  mountRatingPages,
  mountSatisfactionPages,
  RATING_PUBLIC_PATH,
} from "./satisfaction/satisfaction.pages.tsx";
import { configureRatingLinks } from "./satisfaction/satisfaction.service.ts";
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
import { mountPortalPages } from "./portal/portal.pages.tsx";
import { mountPortalSettings } from "./portal/portal.handlers.ts";
import { mountPortalSettingsPages } from "./portal/portal.settings.pages.tsx";
import { portalJobs } from "./portal/portal.signin.service.ts";
import "./portal/portal.messages.ts";
import {
  mountPortalTicketPages,
  PORTAL_UPLOAD_PATH,
} from "./portal-tickets/portal-tickets.pages.tsx";
import "./portal-tickets/portal-tickets.messages.ts";

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
  "kb",
]
  .flatMap((r) => [`support.${r}.read`, `support.${r}.write`]);

// Daily work first; setup pages under "Settings". Roles and translations are one page each
// for the workspace (administration), so they are not listed here.
const menu = entries("support", [
  ["dashboard", "", "support.ticket.read"],
  ["tickets", "/tickets", "support.ticket.read"],
  ["queues", "/queues", "support.ticket.read"],
  ["macros", "/macros", "support.ticket.read"],
  ["kb", "/kb", "support.kb.read"],
  ["customers", "/customers", "support.customer.read"],
  ["contacts", "/contacts", "support.customer.read"],
  ["companies", "/companies", "support.customer.read"],
  ["contracts", "/contracts", "support.contract.read"],
  ["reports", "/reports", "support.report.read"],
  ["timeReport", "/reports/time", "support.report.read"],
  ["satisfactionReport", "/reports/satisfaction", "support.report.read"],
  ["slaPolicies", "/sla-policies", "support.sla.read", "admin"],
  ["emailTemplates", "/email-templates", "support.template.read", "admin"],
  ["numbering", "/numbering", "support.template.read", "admin"],
  ["organizations", "/organizations", "support.organization.read", "admin"],
  ["notificationRules", "/notification-rules", "support.settings.read", "admin"],
  ["settings", "/settings", "support.settings.read", "admin"],
  ["customerPortal", "/settings/portal", "support.settings.read", "admin"],
  ["mailboxes", "/mailboxes", "support.mailbox.read", "admin"],
]);

registerAsset("support.css", new URL("./assets/support.css", import.meta.url));
// The ticket page's file drop and upload progress (reply box and files card).
registerAsset("support-files.js", new URL("./assets/support-files.js", import.meta.url));
registerAsset("support-files.css", new URL("./assets/support-files.css", import.meta.url));
// The knowledge-base editor and the public help centre.
registerAsset("help-centre.css", new URL("./help-centre/assets/help-centre.css", import.meta.url));
registerAsset("support-kb.js", new URL("./kb/assets/support-kb.js", import.meta.url));
// The customer portal's and help centre's own layout.
registerAsset("support-portal.css", new URL("./portal/assets/portal.css", import.meta.url));
registerAsset(
  "portal-tickets.css",
  new URL("./portal-tickets/assets/portal-tickets.css", import.meta.url),
);
registerAsset(
  "support-satisfaction.css",
  new URL("./satisfaction/assets/support-satisfaction.css", import.meta.url),
);

export const support: ModuleManifest = {
  name: "support",
  labelKey: "module.support",
  icon: "headset",
  // support.macro.write: adding and changing shared macros (admins; agents keep personal ones).
  permissions: [...perms, "support.macro.write"],
  // Agents work tickets, customers and contracts; SLA, templates, organization and settings
  // stay with administrators.
  grants: {
    agent: ["support.ticket.*", "support.customer.*", "support.contract.*", "support.kb.*"],
  },
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
    mountKb,
    mountMerge,
    mountTime,
    mountSatisfaction,
    mountReports,
    mountStatus,
    mountSettings,
    mountPortalSettings,
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
    mountPortalSettingsPages,
    mountRulePages,
    mountMailboxPages,
    mountMailPages,
    mountMacroPages,
    mountKbPages,
    mountMergePages,
    mountTimePages,
    mountSatisfactionPages,
    mountRatingPages,
    (app) => {
      app.get("/translations", (c) => c.redirect("/admin/translations", 302));
    },
  ]),
  // The customer portal (/portal/<workspace>) and help centre (/help/<workspace>): outside the
  // staff session; each request runs in its own portal transaction (portal.access.service.ts).
  rootPages: pageRouter([mountPortalTicketPages, mountPortalPages, mountHelpCentrePages]),
  jobs: [...mailboxJobs, slaJob, renewalJob, ...portalJobs],
  events: supportEvents,
  // Mailboxes: the inbound e-mail endpoint takes no session (its token is the key) and reads
  // its body itself; the IMAP test talks to a server outside any transaction.
  // Rating links from closing e-mails: the token is the key (satisfaction.pages.tsx).
  // The customer portal and help centre sign their visitors in themselves (portal.access.service.ts).
  publicPaths: [
    INBOUND_PUBLIC_PATH,
    RATING_PUBLIC_PATH,
    /^\/portal\/[^/]+(\/|$)/,
    /^\/help\/[^/]+(\/|$)/,
  ],
  // Ticket files stream too (API and the ticket page's upload and delete forms).
  streamingPaths: [
    ...MAILBOX_UNSCOPED_PATHS,
    ...ATTACHMENT_PATHS,
    ...KB_STREAMING_PATHS,
    PORTAL_UPLOAD_PATH,
  ], // the portal's file uploads (portal-tickets.pages.tsx)
  init: async (p) => {
    configureRatingLinks(p.config);
    await initMailboxes({ sql: p.db.sql, bus: p.bus }, p.config);
  },
  background: (p) => startMailboxWatcher(p.db, p.bus),
  search: searchSupport,
  home: supportHome,
};
