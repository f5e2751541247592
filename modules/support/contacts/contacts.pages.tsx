import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { resourcePages } from "../common/resource.pages.tsx";
import { options } from "../common/options.service.ts";
import { ContactInput, ContactUpdate } from "./contacts.schemas.ts";
import { contactsService } from "./contacts.service.ts";
import type { Contact } from "./contacts.schemas.ts";

export const mountContactPages = (app: Hono<AppEnv>) =>
  resourcePages<Contact>(app, {
    path: "/contacts",
    key: "contacts",
    titleKey: "page.contacts",
    newKey: "support.contacts.new",
    icon: "contact",
    read: "support.customer.read",
    write: "support.customer.write",
    ops: contactsService,
    create: ContactInput,
    update: ContactUpdate,
    columns: [
      { labelKey: "support.field.name", value: (r) => r.name },
      { labelKey: "support.field.title", value: (r) => r.title ?? "—" },
      { labelKey: "support.field.email", value: (r) => r.email ?? "—" },
      { labelKey: "support.field.phone", value: (r) => r.phone ?? "—", wide: true },
    ],
    fields: async (c) => [
      { name: "name", labelKey: "support.field.name", required: true },
      {
        name: "companyId",
        labelKey: "support.field.company",
        type: "select",
        emptyLabelKey: "support.none",
        options: await options(actorOf(c), "support_companies"),
      },
      { name: "title", labelKey: "support.field.title" },
      { name: "email", labelKey: "support.field.email", type: "email" },
      { name: "phone", labelKey: "support.field.phone" },
    ],
    filters: async (c) => [{
      name: "companyId",
      labelKey: "support.field.company",
      type: "select",
      emptyLabelKey: "support.all",
      options: await options(actorOf(c), "support_companies"),
    }],
  });
