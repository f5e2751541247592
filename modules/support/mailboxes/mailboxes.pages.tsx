import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, type Flash, isHtmx, pathId, problemFlash } from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { html, tr } from "../../../ui/kit.ts";
import { Toast } from "../../../ui/kit.ts";
import { ID_PARAM } from "../../../shared/http/ids.ts";
import type { FieldDef } from "../common/ui.view.tsx";
import { resourcePages, respond, supportCrumbs } from "../common/resource.pages.tsx";
import type { CrudOps } from "../common/crud.service.ts";
import { options } from "../common/options.service.ts";
import { moreHref } from "../common/resource.view.tsx";
import * as svc from "./mailboxes.service.ts";
import { type Mailbox, MailboxInput, MailboxUpdate, MESSAGE_STATES } from "./mailboxes.schemas.ts";
import type { MessageState } from "./mailboxes.schemas.ts";
import { MailboxFacts, MailboxStatus, MessageList, Receives } from "./mailboxes.view.tsx";
import { MAILBOX_READ, MAILBOX_WRITE } from "./mailboxes.routes.ts";

const MB = 1024 * 1024;
const IMAP = "support.mailbox.imap" as const;

async function fields(c: C): Promise<FieldDef[]> {
  return [
    { name: "name", labelKey: "support.mailbox.name", required: true },
    { name: "address", labelKey: "support.mailbox.address", type: "email", required: true },
    {
      name: "teamId",
      labelKey: "support.mailbox.team",
      type: "select",
      emptyLabelKey: "support.none",
      options: await options(actorOf(c), "support_teams"),
    },
    {
      name: "maxMb",
      labelKey: "support.mailbox.maxMb",
      type: "number",
      min: 1,
      max: 100,
      placeholder: "25",
    },
    // Unticked boxes are the defaults (a new form starts with every box unticked).
    { name: "paused", labelKey: "support.mailbox.paused", type: "checkbox" },
    {
      name: "imapHost",
      labelKey: "support.mailbox.imapHost",
      section: IMAP,
      sectionHintKey: "support.mailbox.imapHelp",
      placeholder: "imap.example.com",
    },
    {
      name: "imapPort",
      labelKey: "support.mailbox.imapPort",
      type: "number",
      min: 1,
      max: 65535,
      section: IMAP,
      placeholder: "993",
    },
    { name: "imapUser", labelKey: "support.mailbox.imapUser", section: IMAP },
    {
      name: "imapPassword",
      labelKey: "support.mailbox.imapPassword",
      type: "password",
      hintKey: "support.mailbox.passwordHelp",
      section: IMAP,
    },
    {
      name: "imapFolder",
      labelKey: "support.mailbox.imapFolder",
      section: IMAP,
      placeholder: "INBOX",
    },
    { name: "imapPlain", labelKey: "support.mailbox.imapPlain", type: "checkbox", section: IMAP },
  ];
}

/** Form fields as the API's body: empty means none; an empty password keeps the saved one. */
function toInput(input: Record<string, unknown>, form: Record<string, string | string[]>) {
  const text = (k: string) => (typeof form[k] === "string" ? (form[k] as string).trim() : "");
  const orNull = (k: string) => text(k) || null;
  return {
    name: input.name,
    address: input.address,
    enabled: input.paused === undefined ? undefined : input.paused !== true,
    teamId: orNull("teamId"),
    maxMessageBytes: text("maxMb") ? Math.round(Number(text("maxMb")) * MB) : undefined,
    imapHost: orNull("imapHost"),
    imapPort: text("imapPort") ? Number(text("imapPort")) : null,
    imapUser: orNull("imapUser"),
    imapPassword: text("imapPassword") ? form.imapPassword : undefined,
    imapFolder: text("imapFolder") || undefined,
    imapTls: input.imapPlain === undefined ? undefined : input.imapPlain !== true,
  };
}

const values = (m: Mailbox): Record<string, unknown> => ({
  name: m.name,
  address: m.address,
  paused: !m.enabled,
  teamId: m.teamId,
  maxMb: Math.round((m.maxMessageBytes / MB) * 10) / 10,
  imapHost: m.imapHost,
  imapPort: m.imapPort,
  imapUser: m.imapUser,
  imapFolder: m.imapFolder,
  imapPlain: !m.imapTls,
});

/** The service as the generic list pages call it (the create answer's token is not shown there). */
const ops: CrudOps<Mailbox, MailboxInput, MailboxUpdate> = {
  list: (actor, input) => svc.listMailboxes(actor, input),
  get: svc.getMailbox,
  create: svc.createMailbox,
  update: svc.updateMailbox,
  remove: svc.deleteMailbox,
};

const canWrite = (c: C) => hasPermission(c.var.session.permissions, MAILBOX_WRITE);

/** The mailbox page: its facts, endpoint and messages (`token`: a new one, shown this once). */
async function mailboxPage(c: C, id: string, extra: { token?: string; flash?: Flash } = {}) {
  const actor = actorOf(c);
  const m = await svc.getMailbox(actor, id);
  const wanted = c.req.query("state") as MessageState | undefined;
  const state = wanted && MESSAGE_STATES.includes(wanted) ? wanted : undefined;
  const cursor = c.req.query("cursor")?.slice(0, 500);
  const list = await svc.listMessages(actor, { id, state, limit: 25, cursor });
  const counts = await svc.messageCounts(actor, id);
  const base = `/support/mailboxes/${id}`;
  const query: Record<string, string> = state ? { state } : {};
  return await respond(
    c,
    m.name,
    <>
      <MailboxFacts
        m={m}
        origin={new URL(c.req.url).origin}
        canWrite={canWrite(c)}
        token={extra.token}
        flash={extra.flash}
      />
      <MessageList
        m={m}
        state={state}
        items={list.items}
        counts={counts}
        more={moreHref(base, query, list.nextCursor)}
        canWrite={canWrite(c)}
      />
    </>,
    {
      whole: true,
      crumbs: supportCrumbs(c, { label: tr(c)("page.mailboxes"), href: "/support/mailboxes" }),
      description: m.address,
    },
  );
}

/** Runs a write of the mailbox page and shows the page again with its outcome. */
async function act(c: C, id: string, run: () => Promise<Flash | { token: string }>) {
  try {
    const out = await run();
    return await mailboxPage(c, id, "token" in out ? { token: out.token } : { flash: out });
  } catch (err) {
    const { flash, status } = problemFlash(err);
    if (status === 404) throw err;
    return await mailboxPage(c, id, { flash });
  }
}

export const mountMailboxPages = (app: Hono<AppEnv>) => {
  resourcePages<Mailbox>(app, {
    path: "/mailboxes",
    key: "mailboxes",
    titleKey: "page.mailboxes",
    newKey: "support.mailbox.new",
    icon: "mail",
    read: MAILBOX_READ,
    write: MAILBOX_WRITE,
    ops,
    create: MailboxInput,
    update: MailboxUpdate,
    columns: [
      {
        labelKey: "support.mailbox.name",
        value: (m) => <a href={`/support/mailboxes/${m.id}`}>{m.name}</a>,
      },
      { labelKey: "support.mailbox.address", value: (m) => m.address },
      { labelKey: "support.mailbox.receives", value: (m) => <Receives m={m} />, wide: true },
      { labelKey: "support.mailbox.status", value: (m) => <MailboxStatus m={m} /> },
    ],
    fields,
    toInput,
    values,
  });
  const id = ID_PARAM;
  app.get(`/mailboxes/${id}`, requirePermission(MAILBOX_READ), (c) => mailboxPage(c, pathId(c)));
  app.post(
    `/mailboxes/${id}/token`,
    requirePermission(MAILBOX_WRITE),
    (c) =>
      act(c, pathId(c), async () => ({
        token: (await svc.rotateInboundToken(actorOf(c), pathId(c))).inboundToken,
      })),
  );
  app.post(
    `/mailboxes/${id}/check`,
    requirePermission(MAILBOX_WRITE),
    (c) =>
      act(c, pathId(c), async () => {
        await svc.checkMailbox(actorOf(c), pathId(c));
        return { kind: "ok", text: tr(c)("support.mailbox.checkQueued") };
      }),
  );
  app.post(
    `/mailboxes/${id}/messages/:messageId{[0-9a-f-]{36}}/retry`,
    requirePermission(MAILBOX_WRITE),
    (c) =>
      act(c, pathId(c), async () => {
        await svc.retryMessage(actorOf(c), { id: pathId(c), messageId: pathId(c, "messageId") });
        return { kind: "ok", text: tr(c)("support.mailbox.retried") };
      }),
  );
  // Unscoped (see MAILBOX_UNSCOPED_PATHS): answers only the outcome, for htmx to show.
  app.post(`/mailboxes/${id}/test`, requirePermission(MAILBOX_WRITE), async (c) => {
    const t = tr(c);
    let flash: Flash;
    try {
      const r = await svc.testMailbox(c.var.scope, c.var.session, pathId(c));
      flash = r.ok
        ? { kind: "ok", text: t("support.mailbox.testOk", { n: String(r.messages ?? 0) }) }
        : { kind: "error", text: t("support.mailbox.testFailed", { error: r.error ?? "" }) };
    } catch (err) {
      flash = problemFlash(err).flash;
    }
    if (!isHtmx(c)) return c.redirect(`/support/mailboxes/${pathId(c)}`, 303);
    return html(c, <Toast flash={flash} />);
  });
};
