/**
 * Auto-assignment per team: a ticket that gets a team and has no assignee goes to a member by
 * the team's mode, skipping members who may not work tickets, are away (their out-of-office
 * flag, or a Workflow delegation of all their work in force) or are at the team's cap.
 */
import type { Actor, SystemActor } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import { recordActivity } from "../../../platform/activity/public.ts";
import { memberName, memberNames, memberPermissions } from "../../../platform/identity/public.ts";
import { standingSubstitute } from "../../workflow/public.ts";
import { findTicket, updateTicket } from "../tickets/tickets.repo.ts";
import { findTeam } from "../queues/queues.repo.ts";
import {
  agentStatus,
  lockSettings,
  readSettings,
  saveAgentStatus,
  saveSettings,
  setLastAssigned,
  teamLoad,
} from "./assignment.repo.ts";
import { type Candidate, type Choice, chooseAssignee } from "./assignment.rules.ts";
import type {
  AgentStatusInput,
  AssignmentSettingsInput,
  AssignmentSettingsOut,
} from "./assignment.schemas.ts";

// The permission of tickets.service's assertAgent (that file imports this one, so the
// constant cannot be imported back without a cycle).
const AGENT_PERMISSION = "support.ticket.write";

/** Activity verbs (support.history.ticket.*) for each outcome. */
const ACTIONS: Record<NonNullable<Choice["reason"]>, string> = {
  off: "",
  no_members: "autoAssignEmpty",
  nobody_available: "autoAssignAway",
  all_at_cap: "autoAssignFull",
};
const WHY: Record<NonNullable<Choice["reason"]>, string> = {
  off: "",
  no_members: "the team has no members",
  nobody_available: "every member is away or cannot work tickets",
  all_at_cap: "every available member is at the cap",
};

async function candidates(actor: SystemActor, teamId: string): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const m of await teamLoad(actor.sql, teamId)) {
    const perms = await memberPermissions(actor.sql, m.userId);
    const agent = !!perms && hasPermission(perms, AGENT_PERMISSION);
    const away = m.outOfOffice ||
      (agent && !!(await standingSubstitute(actor, { userId: m.userId, definitionId: null })));
    out.push({ userId: m.userId, open: m.open, agent, away });
  }
  return out;
}

/**
 * Assigns an unassigned ticket of `teamId` by the team's mode; returns the member or null. The
 * settings row stays locked to the end of the transaction, so concurrent tickets of the team
 * take turns instead of reading the same "last assigned".
 */
export async function autoAssign(
  actor: SystemActor,
  input: { ticketId: string; teamId: string },
): Promise<string | null> {
  const { sql } = actor;
  const settings = await lockSettings(sql, input.teamId);
  if (!settings || settings.mode === "none") return null;
  const ticket = await findTicket(sql, input.ticketId);
  if (!ticket || ticket.assigneeId) return null;
  const choice = chooseAssignee(settings, await candidates(actor, input.teamId));
  const base = { module: "support", entityType: "ticket", entityId: ticket.id };
  if (choice.userId === null) {
    await recordActivity({ sql }, {
      ...base,
      action: ACTIONS[choice.reason],
      summary: `${ticket.number} not auto-assigned: ${WHY[choice.reason]}`,
    });
    return null;
  }
  await updateTicket(sql, ticket.id, { assigneeId: choice.userId });
  await setLastAssigned(sql, input.teamId, choice.userId);
  await recordActivity({ sql }, {
    ...base,
    action: "autoAssigned",
    summary: `Auto-assigned ${ticket.number} to ${await memberName(sql, choice.userId)} (${
      settings.mode === "round_robin" ? "round robin" : "least open"
    })`,
    before: { assigneeId: null },
    after: { assigneeId: choice.userId },
  });
  return choice.userId;
}

async function teamOr404(actor: SystemActor, teamId: string) {
  const team = await findTeam(actor.sql, teamId);
  if (!team) throw problems.notFound("No such team.");
  return team;
}

export async function assignmentSettings(
  actor: Actor,
  teamId: string,
): Promise<AssignmentSettingsOut> {
  await teamOr404(actor, teamId);
  const s = await readSettings(actor.sql, teamId);
  return { teamId, mode: s?.mode ?? "none", maxOpenPerAgent: s?.maxOpenPerAgent ?? null };
}

export async function updateAssignmentSettings(
  actor: Actor,
  input: { teamId: string } & AssignmentSettingsInput,
): Promise<AssignmentSettingsOut> {
  const { teamId, ...patch } = input;
  const team = await teamOr404(actor, teamId);
  const before = await assignmentSettings(actor, teamId);
  await saveSettings(actor.sql, teamId, patch);
  const after = await assignmentSettings(actor, teamId);
  await recordActivity(actor, {
    module: "support",
    entityType: "team",
    entityId: teamId,
    action: "updated",
    summary: `Changed the assignment of team ${team.name}`,
    before,
    after,
  });
  return after;
}

/** The caller's own out-of-office flag. */
export async function myStatus(actor: Actor) {
  const s = await agentStatus(actor.sql, actor.session.userId);
  return {
    outOfOffice: s?.outOfOffice ?? false,
    until: s?.until ? new Date(s.until).toISOString() : null,
  };
}

export async function setMyStatus(actor: Actor, input: AgentStatusInput) {
  if (input.outOfOffice && input.until && Date.parse(input.until) <= Date.now()) {
    throw problems.validation([{ path: "body.until", message: "until must be in the future" }]);
  }
  await saveAgentStatus(actor.sql, actor.session.userId, {
    outOfOffice: input.outOfOffice,
    until: input.outOfOffice ? input.until : null,
  });
  return await myStatus(actor);
}

/** A team's members as the settings page shows them: name, away or not, open tickets. */
export async function teamAvailability(actor: Actor, teamId: string) {
  await teamOr404(actor, teamId);
  const members = await candidates(actor, teamId);
  const names = await memberNames(actor.sql, members.map((m) => m.userId));
  return members
    .map((m) => ({ name: names.get(m.userId) ?? "", away: m.away || !m.agent, open: m.open }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
