import { uuidv7 } from "uuidv7";
import type { Actor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { memberName } from "../../../platform/identity/public.ts";
import { findTicket } from "../tickets/tickets.repo.ts";
import { changeTicket, eventData } from "../tickets/tickets.service.ts";
import {
  countUse,
  deleteMacro,
  findMacro,
  insertMacro,
  selectMacros,
  updateMacro,
} from "./macros.repo.ts";
import { editRight, fillPlaceholders, isEmptyMacro, ticketPatch } from "./macros.rules.ts";
import type { Macro, MacroInput, MacroUpdate, RenderedMacro } from "./macros.schemas.ts";

/** Writing shared macros (admins hold it; agents write their personal ones only). */
export const MACRO_SHARE = "support.macro.write";

const mayShare = (actor: Actor) => hasPermission(actor.session.permissions, MACRO_SHARE);

const nothing = () =>
  problems.validation([{ path: "body", message: "A macro needs a reply text or an action." }]);

/** The shared macros and the caller's own. */
export async function listMacros(actor: Actor): Promise<Macro[]> {
  return await selectMacros(actor.sql, actor.session.userId);
}

/** A macro the caller sees, or 404 (another agent's personal one, another tenant's). */
export async function getMacro(actor: Actor, id: string): Promise<Macro> {
  const m = await findMacro(actor.sql, id, actor.session.userId);
  if (!m) throw problems.notFound("No such macro.");
  return m;
}

async function editable(actor: Actor, id: string) {
  const m = await getMacro(actor, id);
  const right = editRight(m, actor.session.userId, mayShare(actor));
  if (right === "hidden") throw problems.notFound("No such macro.");
  if (right === "forbidden") throw problems.forbidden("Only administrators change shared macros.");
  return m;
}

export async function createMacro(actor: Actor, input: MacroInput): Promise<Macro> {
  if (input.shared && !mayShare(actor)) {
    throw problems.forbidden("Only administrators add shared macros.");
  }
  if (isEmptyMacro(input.body, input.actions)) throw nothing();
  const id = uuidv7();
  await insertMacro(actor.sql, {
    id,
    name: input.name,
    body: input.body,
    format: input.format,
    visibility: input.visibility,
    ownerId: input.shared ? null : actor.session.userId,
    actions: input.actions,
  });
  return await getMacro(actor, id);
}

export async function changeMacro(actor: Actor, id: string, input: MacroUpdate) {
  const m = await editable(actor, id);
  const shared = input.shared ?? m.shared;
  if (shared && !mayShare(actor)) {
    throw problems.forbidden("Only administrators share macros.");
  }
  const next = { ...m, ...input };
  if (isEmptyMacro(next.body, next.actions)) throw nothing();
  await updateMacro(actor.sql, {
    id,
    name: next.name,
    body: next.body,
    format: next.format,
    visibility: next.visibility,
    // Unsharing makes the macro the editor's own.
    ownerId: shared ? null : (m.ownerId ?? actor.session.userId),
    actions: next.actions,
  });
  return await getMacro(actor, id);
}

export async function removeMacro(actor: Actor, id: string) {
  await editable(actor, id);
  await deleteMacro(actor.sql, id);
  return { id, deleted: true as const };
}

async function ticketOr404(actor: Actor, ticketId: string, lock = false) {
  const row = await findTicket(actor.sql, ticketId, lock);
  if (!row) throw problems.notFound("No such ticket.");
  return row;
}

/** The macro's text with the ticket's, the customer's and the agent's values filled in. */
export async function renderMacro(
  actor: Actor,
  input: { ticketId: string; macroId: string },
): Promise<RenderedMacro> {
  const row = await ticketOr404(actor, input.ticketId);
  const macro = await getMacro(actor, input.macroId);
  const vars = await eventData(actor.sql, row, {
    agent: { name: await memberName(actor.sql, actor.session.userId) },
  });
  return {
    body: fillPlaceholders(macro.body, vars),
    format: macro.format,
    visibility: macro.visibility,
  };
}

/**
 * Applies a macro: its actions change the ticket through the tickets service (status moves,
 * history, events and SLA as for any change; an impossible move is a 422 and, the request
 * being one transaction, nothing changes), and its text comes back for the composer, as in
 * Zammad: the agent reads it before sending.
 */
export async function applyMacro(actor: Actor, input: { ticketId: string; macroId: string }) {
  const row = await ticketOr404(actor, input.ticketId, true);
  const macro = await getMacro(actor, input.macroId);
  const patch = ticketPatch(macro.actions, row.tags);
  const ticket = await changeTicket(actor, { id: row.id, patch });
  await countUse(actor.sql, macro.id);
  return { ticket, ...await renderMacro(actor, input) };
}
