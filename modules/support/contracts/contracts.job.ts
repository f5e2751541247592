import type { Sql } from "../../../shared/db/database.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import type { Bus } from "../../../shared/realtime/bus.ts";
import { notify } from "../../../platform/notifications/notify.ts";
import { publish } from "../../../platform/notifications/rules.ts";
import { readSettings } from "../settings/settings.repo.ts";
import { sendTemplated } from "../email-templates/email-templates.service.ts";
import { claimDueReminders } from "./contracts.repo.ts";
import { contractManagers } from "./contracts.managers.repo.ts";

export const RENEWAL_JOB = "support.contracts.renewal";

/** Sends each due renewal reminder once: in-app to the tenant's contract managers, e-mail to the customer. */
export async function sendRenewalReminders(sql: Sql, bus: Bus) {
  const due = await claimDueReminders(sql);
  if (!due.length) return 0;
  const settings = await readSettings(sql);
  const managers = await contractManagers(sql);
  for (const k of due) {
    const vars = {
      contract: { id: k.id, name: k.name, endsOn: k.endsOn },
      customer: { name: k.customerName, email: k.customerEmail },
    };
    for (const userId of managers) {
      await notify(sql, bus, {
        userId,
        module: "support",
        title: `Contract ${k.name} ends on ${k.endsOn}`,
        body: `Customer: ${k.customerName}`,
        link: `/support/contracts?q=${encodeURIComponent(k.name)}`,
      });
    }
    if (k.customerEmail && settings.customerEmails) {
      await sendTemplated(sql, "renewal", k.customerEmail, [
        k.customerLocale,
        settings.defaultLocale,
        "en",
      ], vars);
    }
    await publish(sql, "support.contract.renewal-due", vars);
  }
  return due.length;
}

export const renewalJob: SystemJob = {
  name: RENEWAL_JOB,
  schedule: { cron: "0 7 * * *", perTenant: true },
  handler: (ctx) =>
    ctx.scoped(async (sql) => {
      ctx.log(`${await sendRenewalReminders(sql, ctx.bus)} reminder(s)`);
    }),
};
