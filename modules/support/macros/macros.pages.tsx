import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Form,
  problemFlash,
  readForm,
  type Status,
} from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { ID_PARAM as ID } from "../../../shared/http/ids.ts";
import { html, tr } from "../../../ui/kit.ts";
import type { Flash } from "../common/ui.view.tsx";
import { respond } from "../common/resource.pages.tsx";
import { options } from "../common/options.service.ts";
import { detailPage } from "../tickets/tickets.pages.tsx";
import { getTicket } from "../tickets/tickets.service.ts";
import { MacroInput } from "./macros.schemas.ts";
import {
  applyMacro,
  changeMacro,
  createMacro,
  listMacros,
  MACRO_SHARE,
  removeMacro,
  renderMacro,
} from "./macros.service.ts";
import { MacrosPanel, NewMacroDialog, RenderedReply } from "./macros.view.tsx";
import { withReply } from "./macros.rules.ts";

const s = (f: Form, k: string) => (typeof f[k] === "string" ? (f[k] as string).trim() : "");
const list = (f: Form, k: string) => s(f, k).split(",").map((x) => x.trim()).filter(Boolean);

/** The macro form as the API's input (empty selects mean "leave as is"). */
export function macroFromForm(f: Form) {
  const actions: Record<string, unknown> = {};
  for (const k of ["status", "priority", "teamId"]) if (s(f, k)) actions[k] = s(f, k);
  if (list(f, "addTags").length) actions.addTags = list(f, "addTags");
  if (list(f, "removeTags").length) actions.removeTags = list(f, "removeTags");
  return {
    name: s(f, "name"),
    body: typeof f.body === "string" ? f.body : "",
    format: s(f, "format") || undefined,
    visibility: s(f, "visibility") || undefined,
    shared: f.shared === "true",
    actions,
  };
}

const mayShare = (c: C) => hasPermission(c.var.session.permissions, MACRO_SHARE);

/** What a refused macro form says, by status (the service explains in English). */
const FORM_ERRORS: Partial<Record<number, MessageKey>> = {
  400: "support.macros.error.empty",
  403: "support.macros.error.shared",
};

async function panel(c: C, flash?: Flash) {
  const actor = actorOf(c);
  const [macros, teams] = await Promise.all([
    listMacros(actor),
    options(actor, "support_teams"),
  ]);
  return {
    teams,
    body: (
      <MacrosPanel
        macros={macros}
        teams={teams}
        mayShare={mayShare(c)}
        userId={c.var.session.userId}
        flash={flash}
      />
    ),
  };
}

async function macrosPage(c: C, flash?: Flash, status: Status = 200) {
  const t = tr(c);
  const canWrite = hasPermission(c.var.session.permissions, "support.ticket.write");
  const p = await panel(c, flash);
  return respond(c, t("page.macros"), p.body, {
    status,
    description: t("support.macros.intro"),
    actions: canWrite ? <NewMacroDialog teams={p.teams} mayShare={mayShare(c)} /> : undefined,
  });
}

/** Runs a form action of the list and answers with the list and its outcome. */
async function listAction(c: C, run: () => Promise<unknown>, done: MessageKey) {
  const t = tr(c);
  let flash: Flash = { kind: "ok", text: t(done) };
  let status: Status = 200;
  try {
    await run();
  } catch (err) {
    ({ flash, status } = problemFlash(err));
    const key = FORM_ERRORS[status];
    if (key) flash = { kind: "error", text: t(key) };
  }
  // The form lives in a dialog: close it; the list shows the outcome.
  c.header("HX-Trigger", "dialog-close");
  return macrosPage(c, flash, status);
}

export const mountMacroPages = (app: Hono<AppEnv>) => {
  const read = requirePermission("support.ticket.read");
  const write = requirePermission("support.ticket.write");

  app.get("/macros", read, (c) => macrosPage(c));
  app.post("/macros", write, async (c) => {
    const form = await readForm(c);
    const r = MacroInput.safeParse(macroFromForm(form));
    if (!r.success) {
      return macrosPage(c, { kind: "error", text: tr(c)("support.invalidForm") }, 400);
    }
    return listAction(c, () => createMacro(actorOf(c), r.data), "support.created");
  });
  app.post(`/macros/${ID}`, write, async (c) => {
    const id = c.req.param("id")!;
    const form = await readForm(c);
    if (form.delete) {
      return listAction(c, () => removeMacro(actorOf(c), id), "support.macros.deleted");
    }
    const r = MacroInput.safeParse(macroFromForm(form));
    if (!r.success) {
      return macrosPage(c, { kind: "error", text: tr(c)("support.invalidForm") }, 400);
    }
    return listAction(c, () => changeMacro(actorOf(c), id, r.data), "support.saved");
  });

  /** The picker's answer: the reply box with the macro's text after what was written. */
  app.post(`/tickets/${ID}/macros/render`, write, async (c) => {
    const form = await readForm(c);
    const macroId = s(form, "macroId");
    const current = typeof form.body === "string" ? form.body.trimEnd() : "";
    if (!macroId) {
      // "Choose a reply…" again: the box and its choices stay as they are.
      const format = s(form, "format") || "text";
      const visibility = s(form, "visibility") || "public";
      return html(c, <RenderedReply body={current} format={format} visibility={visibility} />);
    }
    const r = await renderMacro(actorOf(c), { ticketId: c.req.param("id")!, macroId });
    const body = withReply(current, r.body);
    return html(c, <RenderedReply {...r} body={body} />);
  });

  /** "Apply macro": its changes, then the ticket page with its text in the reply box. */
  app.post(`/tickets/${ID}/macros/apply`, write, async (c) => {
    const id = c.req.param("id")!;
    await getTicket(actorOf(c), id); // 404 first
    const form = await readForm(c);
    const t = tr(c);
    const current = typeof form.body === "string" ? form.body.trimEnd() : "";
    const kept = {
      body: current,
      format: s(form, "format") || "text",
      visibility: s(form, "visibility") || "public",
    };
    const macroId = s(form, "macroId");
    if (!macroId) {
      return detailPage(c, id, { kind: "error", text: t("support.invalidForm") }, 400, kept);
    }
    try {
      const r = await applyMacro(actorOf(c), { ticketId: id, macroId });
      const body = withReply(current, r.body);
      return detailPage(c, id, { kind: "ok", text: t("support.macros.applied") }, 200, {
        body,
        format: r.format,
        visibility: r.visibility,
      });
    } catch (err) {
      const { flash, status } = problemFlash(err);
      const shown = status === 422
        ? { kind: "error" as const, text: t("support.macros.error.apply") }
        : flash;
      return detailPage(c, id, shown, status, kept);
    }
  });
};
