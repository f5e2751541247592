import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import {
  type ActivityEntry,
  historyLabelsFor,
  peopleNames,
} from "../../../platform/activity/public.ts";
import { Button, tr } from "../../../ui/kit.ts";
import { resourcePages, respond, supportCrumbs } from "../common/resource.pages.tsx";
import { options } from "../common/options.service.ts";
import { supportHistory } from "../common/history.lib.ts";
import { languageName } from "../common/language.lib.ts";
import { CustomerInput, CustomerUpdate } from "./customers.schemas.ts";
import { customerActivity, customersService } from "./customers.service.ts";
import type { Customer } from "./customers.schemas.ts";
import { CustomerDetail, customerTimeline } from "./customer.view.tsx";
import { ID_PARAM } from "../../../shared/http/ids.ts";

export const mountCustomerPages = (app: Hono<AppEnv>) => {
  resourcePages<Customer>(app, {
    path: "/customers",
    key: "customers",
    titleKey: "page.customers",
    newKey: "support.customers.new",
    icon: "users",
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
      { labelKey: "support.field.kind", value: (r, l) => t(l, `support.kind.${r.kind}`) },
      { labelKey: "support.field.email", value: (r) => r.email ?? "—" },
      { labelKey: "support.field.phone", value: (r) => r.phone ?? "—", wide: true },
      { labelKey: "support.field.locale", value: (r, l) => languageName(l, r.locale), wide: true },
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
      {
        name: "locale",
        labelKey: "support.field.locale",
        type: "select",
        emptyLabelKey: "support.default",
        options: ["tr", "en"].map((x) => [x, languageName(c.var.locale, x)]),
      },
      {
        name: "companyId",
        labelKey: "support.field.company",
        type: "select",
        emptyLabelKey: "support.none",
        options: await options(actorOf(c), "support_companies"),
      },
      { name: "notes", labelKey: "support.field.notes", type: "textarea" },
    ],
    filters: async (c) => [{
      name: "companyId",
      labelKey: "support.field.company",
      type: "select",
      emptyLabelKey: "support.all",
      options: await options(actorOf(c), "support_companies"),
    }],
  });
  app.get(
    `/customers/${ID_PARAM}`,
    requirePermission("support.customer.read"),
    async (c) => {
      const l = c.var.locale;
      const id = c.req.param("id");
      const customer = await customersService.get(actorOf(c), id);
      const history = await customerActivity(actorOf(c), {
        id,
        limit: 30,
        cursor: c.req.query("cursor"),
      });
      const companies = new Map(await options(actorOf(c), "support_companies"));
      const labels = historyLabelsFor(c, supportHistory(l, companies));
      // Assignees named in the lines' changes, resolved as the activity feature does.
      const changes = history.items.map((h) => ({ changes: h.changes }) as ActivityEntry);
      const names = await peopleNames({ sql: c.var.sql }, {
        items: changes,
        people: labels.people,
      });
      const base = `/support/customers/${id}`;
      return respond(
        c,
        customer.name,
        <CustomerDetail
          customer={customer}
          companyName={customer.companyId ? companies.get(customer.companyId) ?? null : null}
          history={customerTimeline(l, history.items, labels, names)}
          moreHref={history.nextCursor ? `${base}?cursor=${history.nextCursor}` : null}
        />,
        {
          crumbs: supportCrumbs(c, {
            label: tr(c)("page.customers"),
            href: "/support/customers",
          }),
          actions: (
            <>
              <Button
                href={`/support/tickets?customerId=${id}`}
                variant="secondary"
                icon="inbox"
              >
                {t(l, "support.customer.tickets")}
              </Button>
              <Button
                href={`/support/contracts?customerId=${id}`}
                variant="secondary"
                icon="file-signature"
              >
                {t(l, "page.contracts")}
              </Button>
            </>
          ),
        },
      );
    },
  );
};
