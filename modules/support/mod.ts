import "./messages.ts";
import type { ModuleManifest } from "../../shared/modules.ts";
import { entries } from "../../platform/placeholder/public.tsx";
import { supportApi } from "./api.ts";
import { supportPages } from "./pages.ts";
import { slaJob } from "./sla/sla.job.ts";
import { renewalJob } from "./contracts/contracts.job.ts";
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
]
  .flatMap((r) => [`support.${r}.read`, `support.${r}.write`]);

// Daily work first; setup pages under "Settings". Roles and translations are one page each
// for the workspace (administration), so they are not listed here.
const menu = entries("support", [
  ["dashboard", "", "support.ticket.read"],
  ["tickets", "/tickets", "support.ticket.read"],
  ["customers", "/customers", "support.customer.read"],
  ["contacts", "/contacts", "support.customer.read"],
  ["companies", "/companies", "support.customer.read"],
  ["contracts", "/contracts", "support.contract.read"],
  ["reports", "/reports", "support.report.read"],
  ["slaPolicies", "/sla-policies", "support.sla.read", "admin"],
  ["emailTemplates", "/email-templates", "support.template.read", "admin"],
  ["numbering", "/numbering", "support.template.read", "admin"],
  ["organizations", "/organizations", "support.organization.read", "admin"],
  ["notificationRules", "/notification-rules", "support.settings.read", "admin"],
  ["settings", "/settings", "support.settings.read", "admin"],
]);

registerAsset("support.css", new URL("./assets/support.css", import.meta.url));

export const support: ModuleManifest = {
  name: "support",
  labelKey: "module.support",
  icon: "headset",
  permissions: perms,
  // Agents work tickets, customers and contracts; SLA, templates, organization and settings
  // stay with administrators.
  grants: { agent: ["support.ticket.*", "support.customer.*", "support.contract.*"] },
  menu,
  api: supportApi(),
  pages: supportPages(),
  jobs: [slaJob, renewalJob],
  events: supportEvents,
  search: searchSupport,
  home: supportHome,
};
