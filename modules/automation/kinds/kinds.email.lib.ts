import { queueMail, renderTemplate } from "../../../platform/notifications/public.ts";
import type { AgentRecord } from "../common/common.schemas.ts";
import { EmailAddress, EmailConfig, type KindDef, MAX_RECIPIENTS } from "./kinds.schemas.ts";
import { KIND_LOOK } from "./kinds.lib.ts";
import { fillTemplate } from "./kinds.template.lib.ts";

/** A templated e-mail through the outbox (sent only if the run's transaction commits). */
export const emailKind: KindDef<EmailConfig> = {
  kind: "email",
  labelKey: KIND_LOOK.email.labelKey,
  icon: KIND_LOOK.email.icon,
  configSchema: EmailConfig,
  usesCode: false,
  plan: (agent: AgentRecord, input: unknown) => ({
    mode: "host",
    run: async (ctx) => {
      const config = EmailConfig.parse(agent.config);
      const vars = { input };
      // A recipient template may produce a list ("a@x, b@y"); each must be one valid address.
      const to = [
        ...new Set(
          config.to.flatMap((t) => fillTemplate(t, vars).split(/[,;\s]+/)).filter(Boolean),
        ),
      ];
      const bad = to.filter((a) => !EmailAddress.safeParse(a).success);
      if (bad.length) throw new Error(`not an e-mail address: ${bad.slice(0, 3).join(", ")}`);
      if (!to.length) throw new Error("no recipients after filling in the input");
      if (to.length > MAX_RECIPIENTS) throw new Error(`more than ${MAX_RECIPIENTS} recipients`);
      const message = renderTemplate({ subject: config.subject, body: config.body }, vars);
      for (const address of to) {
        await queueMail(ctx.actor, {
          to: address,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      }
      ctx.log("info", `queued "${message.subject}" for ${to.join(", ")}`);
      return { sent: to.length, to, subject: message.subject };
    },
  }),
};
