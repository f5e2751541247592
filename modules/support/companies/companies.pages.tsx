import "../portal/portal.messages.ts";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { resourcePages } from "../common/resource.pages.tsx";
import type { FieldDef } from "../common/ui.view.tsx";
import { CompanyInput, CompanyUpdate } from "./companies.schemas.ts";
import { companiesService } from "./companies.service.ts";
import type { Company } from "./companies.schemas.ts";

export const companyFields: FieldDef[] = [
  { name: "name", labelKey: "support.field.name", required: true },
  { name: "email", labelKey: "support.field.email", type: "email" as const },
  { name: "phone", labelKey: "support.field.phone" },
  { name: "website", labelKey: "support.field.website", type: "url" as const },
  { name: "notes", labelKey: "support.field.notes", type: "textarea" as const },
  { name: "portalSharedTickets", labelKey: "portal.company.shared", type: "checkbox" as const },
];

export const mountCompanyPages = (app: Hono<AppEnv>) =>
  resourcePages<Company>(app, {
    path: "/companies",
    key: "companies",
    titleKey: "page.companies",
    newKey: "support.companies.new",
    icon: "building-2",
    read: "support.customer.read",
    write: "support.customer.write",
    ops: companiesService,
    create: CompanyInput,
    update: CompanyUpdate,
    columns: [
      { labelKey: "support.field.name", value: (r) => r.name },
      { labelKey: "support.field.email", value: (r) => r.email ?? "—" },
      { labelKey: "support.field.phone", value: (r) => r.phone ?? "—", wide: true },
      {
        labelKey: "page.contacts",
        value: (r, l) => (
          <a href={`/support/contacts?companyId=${r.id}`}>{t(l, "support.companies.contacts")}</a>
        ),
      },
    ],
    fields: () => companyFields,
  });
