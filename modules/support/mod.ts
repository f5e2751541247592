import "./messages.ts";
import type { ModuleManifest } from "../../shared/modules.ts";
import { entries } from "../../platform/placeholder/public.tsx";
import { supportApi } from "./api.ts";
import { supportPages } from "./pages.ts";
import { slaJob } from "./sla/sla.job.ts";
import { renewalJob } from "./contracts/contracts.job.ts";
import { supportEvents } from "./events.ts";

const perms = [
  "ticket",
  "customer",
  "contract",
  "sla",
  "template",
  "report",
  "organization",
  "settings",
]
  .flatMap((r) => [`support.${r}.read`, `support.${r}.write`]);

const menu = entries("support", [
  ["dashboard", "", "support.ticket.read"],
  ["tickets", "/tickets", "support.ticket.read"],
  ["customers", "/customers", "support.customer.read"],
  ["contacts", "/contacts", "support.customer.read"],
  ["companies", "/companies", "support.customer.read"],
  ["contracts", "/contracts", "support.contract.read"],
  ["emailTemplates", "/email-templates", "support.template.read"],
  ["numbering", "/numbering", "support.template.read"],
  ["slaPolicies", "/sla-policies", "support.sla.read"],
  ["reports", "/reports", "support.report.read"],
  ["organizations", "/organizations", "support.organization.read"],
  ["notificationRules", "/notification-rules", "support.settings.read"],
  ["roles", "/roles", "admin.role.read"],
  ["settings", "/settings", "support.settings.read"],
  ["translations", "/translations", "support.settings.read"],
]);

export const support: ModuleManifest = {
  name: "support",
  labelKey: "module.support",
  icon: "☎",
  permissions: perms,
  // Agents work tickets, customers and contracts; SLA, templates, organization and settings
  // stay with administrators.
  grants: { agent: ["support.ticket.*", "support.customer.*", "support.contract.*"] },
  menu,
  api: supportApi(),
  pages: supportPages(),
  jobs: [slaJob, renewalJob],
  events: supportEvents,
};
