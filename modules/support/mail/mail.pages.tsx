import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { ID_PARAM as ID } from "../../../shared/http/ids.ts";
import { tr } from "../../../ui/kit.ts";
import { respond, supportCrumbs } from "../common/resource.pages.tsx";
import { originalMail, rawMail } from "./mail.service.ts";
import { OriginalActions, OriginalMailView } from "./mail.view.tsx";

/** A received e-mail's original (`/support/mail/:id`) and its raw download. */
export function mountMailPages(app: Hono<AppEnv>) {
  const read = requirePermission("support.ticket.read");
  app.get(`/mail/${ID}`, read, async (c) => {
    const mail = await originalMail(actorOf(c), c.req.param("id"));
    const crumbs = supportCrumbs(
      c,
      { label: tr(c)("page.tickets"), href: "/support/tickets" },
      ...(mail.ticket
        ? [{ label: mail.ticket.number, href: `/support/tickets/${mail.ticket.id}` }]
        : []),
    );
    return respond(c, tr(c)("support.mail.original"), <OriginalMailView mail={mail} />, {
      crumbs,
      actions: <OriginalActions mail={mail} />,
    });
  });
  app.get(`/mail/${ID}/raw`, read, async (c) => {
    const bytes = await rawMail(actorOf(c), c.req.param("id"));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "message/rfc822",
      "Content-Disposition": 'attachment; filename="message.eml"',
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    });
  });
}
