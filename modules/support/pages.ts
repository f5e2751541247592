import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { mountTicketPages } from "./tickets/tickets.pages.tsx";
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

/**
 * The module's pages, mounted at /support. Translations are one page for the workspace now
 * (/admin/translations); the old address leads there. The translations API stays here.
 */
export function supportPages() {
  const app = new Hono<AppEnv>();
  for (
    const mount of [
      mountReportPages,
      mountTicketPages,
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
    ]
  ) mount(app);
  app.get("/translations", (c) => c.redirect("/admin/translations", 302));
  return app;
}
