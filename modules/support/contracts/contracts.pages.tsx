import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { resourcePages } from "../common/resource.pages.tsx";
import { Badge, DateTime, type Tone } from "../../../ui/kit.ts";
import { customerNames, options } from "../common/options.service.ts";
import { ContractInput, ContractUpdate } from "./contracts.schemas.ts";
import { contractsService } from "./contracts.service.ts";
import type { Contract } from "./contracts.schemas.ts";

/** The kit's STATE_TONES has no contract states (yet): one colour per state here. */
const CONTRACT_TONES: Record<Contract["status"], Tone> = {
  pending: "purple",
  active: "green",
  expiring: "amber",
  expired: "gray",
};

export const mountContractPages = (app: Hono<AppEnv>) =>
  resourcePages<Contract & { customerName?: string }>(app, {
    path: "/contracts",
    key: "contracts",
    titleKey: "page.contracts",
    newKey: "support.contracts.new",
    icon: "file-signature",
    read: "support.contract.read",
    write: "support.contract.write",
    ops: {
      ...contractsService,
      // Rows show the customer's name (one lookup per page).
      list: async (actor, input) => {
        const page = await contractsService.list(actor, input);
        const names = await customerNames(actor, { ids: page.items.map((r) => r.customerId) });
        return {
          items: page.items.map((r) => ({ ...r, customerName: names.get(r.customerId) })),
          nextCursor: page.nextCursor,
        };
      },
    },
    create: ContractInput,
    update: ContractUpdate,
    columns: [
      { labelKey: "support.field.name", value: (r) => r.name },
      {
        labelKey: "support.field.customer",
        value: (r, l) => (
          <a href={`/support/customers/${r.customerId}`}>
            {r.customerName ?? t(l, "support.customer.unknown")}
          </a>
        ),
      },
      {
        labelKey: "support.field.term",
        value: (r) => (
          <span class="support-term">
            <DateTime at={r.startsOn} dateOnly /> – <DateTime at={r.endsOn} dateOnly />
          </span>
        ),
      },
      {
        labelKey: "support.field.status",
        value: (r, l) => (
          <Badge tone={CONTRACT_TONES[r.status]}>
            {t(l, `support.contractStatus.${r.status}`)}
          </Badge>
        ),
      },
    ],
    fields: async (c) => [
      { name: "name", labelKey: "support.field.name", required: true },
      {
        name: "customerId",
        labelKey: "support.field.customer",
        type: "select",
        required: true,
        options: await options(actorOf(c), "support_customers"),
      },
      { name: "startsOn", labelKey: "support.field.startsOn", type: "date", required: true },
      { name: "endsOn", labelKey: "support.field.endsOn", type: "date", required: true },
      {
        name: "reminderDays",
        labelKey: "support.field.reminderDays",
        type: "number",
        min: 0,
        max: 365,
      },
      {
        name: "slaPolicyId",
        labelKey: "support.field.slaPolicy",
        type: "select",
        emptyLabelKey: "support.none",
        options: await options(actorOf(c), "support_sla_policies"),
      },
      { name: "notes", labelKey: "support.field.notes", type: "textarea" },
    ],
    filters: async (c) => [{
      name: "customerId",
      labelKey: "support.field.customer",
      type: "select",
      emptyLabelKey: "support.all",
      options: await options(actorOf(c), "support_customers"),
    }],
    extra: (c) => Promise.resolve(<p class="muted">{t(c.var.locale, "support.contracts.help")}</p>),
  });
