import type { Sql } from "../../../shared/db/database.ts";
import type { SystemActor } from "../../../shared/http/actor.ts";
import type { SystemJob } from "../../../shared/modules.ts";
import { eventPublisher, notify } from "../../../platform/notifications/public.ts";
import { directory } from "../../../platform/identity/public.ts";
import { supportEvents } from "../events.ts";
import { readSettings } from "../settings/settings.repo.ts";
import { sendTemplated } from "../email-templates/email-templates.service.ts";
import { claimDueReminders } from "./contracts.repo.ts";

const publish = eventPublisher(supportEvents);

export const RENEWAL_JOB = "support.contracts.renewal";

/** Active members who may write contracts: they get the renewal reminders in-app. */
async function contractManagers(sql: Sql): Promise<string[]> {
  const members = await directory(sql, { permission: "support.contract.write" });
  return members.map((m) => m.userId);
}

/** Sends each due renewal reminder once: in-app to the tenant's contract managers, e-mail to the customer. */
export async function sendRenewalReminders(actor: SystemActor) {
  const { sql, bus } = actor;
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
      await notify({ sql, bus }, {
        userId,
        module: "support",
        title: `Contract ${k.name} ends on ${k.endsOn}`,
        body: `Customer: ${k.customerName}`,
        link: `/support/contracts?q=${encodeURIComponent(k.name)}`,
      });
    }
    if (k.customerEmail && settings.customerEmails) {
      await sendTemplated(actor, {
        kind: "renewal",
        to: k.customerEmail,
        locales: [k.customerLocale, settings.defaultLocale, "en"],
        vars,
      });
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
      ctx.log(`${await sendRenewalReminders({ sql, bus: ctx.bus })} reminder(s)`);
    }),
};
