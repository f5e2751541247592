import "./messages.ts";
import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import type { ModuleManifest } from "../../shared/modules.ts";
import { entries, placeholderModule } from "../placeholder.tsx";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import { supportApi } from "./api.ts";
import { supportPages } from "./pages.ts";
import { slaJob } from "./sla/sla.job.ts";
import { renewalJob } from "./contracts/contracts.job.ts";

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

// The translations page comes from the shared translations pages (as in the placeholder).
const fallback = placeholderModule({
  name: "support",
  icon: "☎",
  permissions: perms,
  translations: { read: "support.settings.read", write: TRANSLATIONS_WRITE },
  menu,
});

export const support: ModuleManifest = {
  name: "support",
  labelKey: "module.support",
  icon: "☎",
  permissions: perms,
  menu,
  api: supportApi(),
  pages: new Hono<AppEnv>().route("/", supportPages()).route("/", fallback.pages),
  jobs: [slaJob, renewalJob],
};
