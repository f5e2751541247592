import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import { renderTemplate } from "../../../platform/notifications/public.ts";
import type { MacroActions } from "./macros.schemas.ts";

/** The placeholders a reply may use, with the text that explains each (the editor's help). */
export const PLACEHOLDERS: [string, MessageKey][] = [
  ["customer.name", "support.macros.ph.customerName"],
  ["customer.email", "support.macros.ph.customerEmail"],
  ["ticket.number", "support.macros.ph.ticketNumber"],
  ["ticket.subject", "support.macros.ph.ticketSubject"],
  ["ticket.statusLabel", "support.macros.ph.ticketStatus"],
  ["ticket.priorityLabel", "support.macros.ph.ticketPriority"],
  ["ticket.assignee", "support.macros.ph.ticketAssignee"],
  ["ticket.link", "support.macros.ph.ticketLink"],
  ["agent.name", "support.macros.ph.agentName"],
];

/**
 * The reply text with its placeholders filled. Plain text (the composer escapes it, and a
 * Markdown reply is sanitized when shown); an unknown placeholder becomes empty text.
 */
export function fillPlaceholders(body: string, vars: unknown): string {
  return renderTemplate({ subject: "", body }, vars).text;
}

/** Whether a macro changes the ticket (else it is a canned reply only). */
export function hasActions(a: MacroActions): boolean {
  return Boolean(
    a.status || a.priority || a.teamId || a.addTags?.length || a.removeTags?.length,
  );
}

/** A macro must do something: write a text or change the ticket. */
export const isEmptyMacro = (body: string, actions: MacroActions) =>
  body.trim() === "" && !hasActions(actions);

/** The ticket change a macro's actions make, given the ticket's tags now. */
export function ticketPatch(a: MacroActions, tags: string[]) {
  const patch: {
    status?: MacroActions["status"];
    priority?: MacroActions["priority"];
    teamId?: string;
    tags?: string[];
  } = {};
  if (a.status) patch.status = a.status;
  if (a.priority) patch.priority = a.priority;
  if (a.teamId) patch.teamId = a.teamId;
  if (a.addTags?.length || a.removeTags?.length) {
    const remove = new Set(a.removeTags ?? []);
    patch.tags = [...new Set([...tags, ...(a.addTags ?? [])])].filter((t) => !remove.has(t));
  }
  return patch;
}

/**
 * Who may change a macro: a personal one only its owner (others do not even see it: 404);
 * a shared one whoever holds the shared-macro permission (others see it: 403).
 */
export function editRight(
  macro: { ownerId: string | null },
  userId: string | null,
  mayShare: boolean,
): "ok" | "hidden" | "forbidden" {
  if (macro.ownerId !== null) return macro.ownerId === userId ? "ok" : "hidden";
  return mayShare ? "ok" : "forbidden";
}

/**
 * The reply box after a macro's text is added: after what was written, once (choosing a reply
 * in the picker and then applying the same macro does not write it twice).
 */
export function withReply(current: string, text: string): string {
  const before = current.trimEnd();
  if (!text.trim() || before.endsWith(text.trimEnd())) return before;
  return before ? `${before}\n\n${text}` : text;
}
