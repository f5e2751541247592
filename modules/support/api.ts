import { translationsApi } from "../../platform/translations/public.ts";
import { TRANSLATIONS_WRITE } from "../../shared/rbac/permissions.ts";
import { mountCompanies } from "./companies/companies.handlers.ts";
import { mountContacts } from "./contacts/contacts.handlers.ts";
import { mountCustomers } from "./customers/customers.handlers.ts";
import { mountContracts } from "./contracts/contracts.handlers.ts";
import { mountSla } from "./sla/sla.handlers.ts";
import { mountEmailTemplates } from "./email-templates/email-templates.handlers.ts";
import { mountNumbering } from "./numbering/numbering.handlers.ts";
import { mountOrganizations } from "./organizations/organizations.handlers.ts";
import { mountTickets } from "./tickets/tickets.handlers.ts";
import { mountReports } from "./reports/reports.handlers.ts";
import { mountStatus } from "./status/status.handlers.ts";
import { mountSettings } from "./settings/settings.handlers.ts";
import { mountRules } from "./rules/rules.handlers.ts";

/** The JSON API under /api/support (fixed paths before `{id}` ones). */
export function supportApi() {
  const app = translationsApi("support", {
    read: "support.settings.read",
    write: TRANSLATIONS_WRITE,
  });
  for (
    const mount of [
      mountTickets,
      mountCustomers,
      mountContacts,
      mountCompanies,
      mountContracts,
      mountSla,
      mountEmailTemplates,
      mountNumbering,
      mountOrganizations,
      mountReports,
      mountStatus,
      mountSettings,
      mountRules,
    ]
  ) mount(app);
  return app;
}
