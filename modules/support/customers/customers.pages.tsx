import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { resourcePages, respond } from "../common/resource.pages.tsx";
import { options } from "../common/options.ts";
import { CustomerInput, CustomerUpdate } from "./customers.schemas.ts";
import { customerActivity, customersService } from "./customers.service.ts";
import type { Customer } from "./customers.schemas.ts";
import { CustomerDetail } from "./customer.view.tsx";
import { ID_PARAM } from "../../../shared/http/ids.ts";

export const mountCustomerPages = (app: Hono<AppEnv>) => {
  resourcePages<Customer>(app, {
    path: "/customers",
    key: "customers",
    titleKey: "page.customers",
    read: "support.customer.read",
    write: "support.customer.write",
    ops: customersService,
    create: CustomerInput,
    update: CustomerUpdate,
    columns: [
      {
        labelKey: "support.field.name",
        value: (r) => <a href={`/support/customers/${r.id}`}>{r.name}</a>,
      },
      { labelKey: "support.field.kind", value: (r) => r.kind },
      { labelKey: "support.field.email", value: (r) => r.email ?? "" },
      { labelKey: "support.field.phone", value: (r) => r.phone ?? "" },
    ],
    fields: async (c) => [
      { name: "name", labelKey: "support.field.name", required: true },
      {
        name: "kind",
        labelKey: "support.field.kind",
        type: "select",
        options: [["person", t(c.var.locale, "support.kind.person")], [
          "firm",
          t(c.var.locale, "support.kind.firm"),
        ]],
      },
      { name: "email", labelKey: "support.field.email", type: "email" },
      { name: "phone", labelKey: "support.field.phone" },
      { name: "locale", labelKey: "support.field.locale", placeholder: "en" },
      {
        name: "companyId",
        labelKey: "support.field.company",
        type: "select",
        emptyLabelKey: "support.none",
        options: await options(c.var.sql, "support_companies"),
      },
      { name: "notes", labelKey: "support.field.notes", type: "textarea" },
    ],
    filters: async (c) => [{
      name: "companyId",
      labelKey: "support.field.company",
      type: "select",
      emptyLabelKey: "support.all",
      options: await options(c.var.sql, "support_companies"),
    }],
  });
  app.get(
    `/customers/${ID_PARAM}`,
    requirePermission("support.customer.read"),
    async (c) => {
      const id = c.req.param("id");
      const customer = await customersService.get(c.var.sql, id);
      const history = await customerActivity(c.var.sql, id, {
        limit: 50,
        cursor: c.req.query("cursor"),
      });
      return respond(
        c,
        customer.name,
        <CustomerDetail l={c.var.locale} customer={customer} history={history} />,
      );
    },
  );
};
