import { entries, placeholderModule } from "../placeholder.tsx";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";

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

export const support = placeholderModule({
  name: "support",
  icon: "☎",
  permissions: perms,
  translations: { read: "support.settings.read", write: TRANSLATIONS_WRITE },
  menu: entries("support", [
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
    ["roles", "/roles", "admin.role.read"],
    ["settings", "/settings", "support.settings.read"],
    ["translations", "/translations", "support.settings.read"],
  ]),
});
