import type { Actor } from "../../../shared/http/actor.ts";
import { directory, type DirectoryMember } from "../../../platform/identity/public.ts";
import { choice } from "./options.lib.ts";
import { customerNameRows, optionRows, type OptionTable } from "./options.repo.ts";

/** [id, name] pairs for selects (first 200 by name). */
export async function options(actor: Actor, table: OptionTable): Promise<[string, string][]> {
  return await optionRows(actor.sql, table);
}

/** Active members as [id, name] (assignees, escalation targets). */
export async function memberOptions(actor: Actor): Promise<[string, string][]> {
  return (await directory(actor.sql)).map(choice);
}

/**
 * Members who may work tickets (assignee choices), plus the users in `keep` (e.g. a current
 * assignee who has since lost the permission, so their name still shows).
 */
export async function agentOptions(
  actor: Actor,
  keep: (string | null)[] = [],
): Promise<[string, string][]> {
  return (await agentMembers(actor, keep)).map(choice);
}

/** Members who may work tickets (plus `keep`), with their names for UserChip. */
export async function agentMembers(
  actor: Actor,
  keep: (string | null)[] = [],
): Promise<DirectoryMember[]> {
  return await directory(actor.sql, { permission: "support.ticket.write", keep });
}

/** Names of the given customers (list pages show names, not ids). */
export async function customerNames(
  actor: Actor,
  input: { ids: string[]; known?: Map<string, string> },
): Promise<Map<string, string>> {
  const { ids, known } = input;
  // Names already at hand (the form's first 200 customers) need no statement.
  const wanted = known ? [...new Set(ids)].filter((id) => !known.has(id)) : ids;
  if (wanted.length === 0) return new Map();
  return await customerNameRows(actor.sql, wanted);
}
