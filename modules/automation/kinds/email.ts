import { z } from "@hono/zod-openapi";
import { queueMail, renderTemplate } from "../../../platform/notifications/public.ts";
import type { AgentRecord } from "../common/types.ts";
import type { KindDef } from "./kind.ts";
import { fillTemplate } from "./template.ts";

const MAX_RECIPIENTS = 50;

export const EmailConfig = z.object({
  /** Addresses, or templates such as `{{input.customer.email}}`. */
  to: z.array(z.string().trim().min(1).max(300)).min(1).max(MAX_RECIPIENTS),
  subject: z.string().trim().min(1).max(300),
  body: z.string().min(1).max(50_000),
}).strict();
export type EmailConfig = z.infer<typeof EmailConfig>;

const ADDRESS = z.email().max(254);

/** A templated e-mail through the outbox (sent only if the run's transaction commits). */
export const emailKind: KindDef<EmailConfig> = {
  kind: "email",
  labelKey: "automation.kinds.email",
  icon: "mail",
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
      const bad = to.filter((a) => !ADDRESS.safeParse(a).success);
      if (bad.length) throw new Error(`not an e-mail address: ${bad.slice(0, 3).join(", ")}`);
      if (!to.length) throw new Error("no recipients after filling in the input");
      if (to.length > MAX_RECIPIENTS) throw new Error(`more than ${MAX_RECIPIENTS} recipients`);
      const message = renderTemplate({ subject: config.subject, body: config.body }, vars);
      for (const address of to) {
        await queueMail(ctx.actor.sql, {
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
