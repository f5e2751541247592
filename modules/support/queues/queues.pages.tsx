import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import {
  type C,
  type Flash,
  problemFlash,
  readForm,
  type Status,
} from "../../../shared/http/pages.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { tr } from "../../../ui/kit.ts";
import { respond, supportCrumbs } from "../common/resource.pages.tsx";
import { agentMembers, customerNames } from "../common/options.service.ts";
import { moreHref } from "../common/resource.view.tsx";
import { PageQuery } from "../../../shared/http/paging.ts";
import { AgentStatusInput, AssignmentSettingsInput } from "../assignment/assignment.schemas.ts";
import {
  assignmentSettings,
  myStatus,
  setMyStatus,
  teamAvailability,
  updateAssignmentSettings,
} from "../assignment/assignment.service.ts";
import { getQueueTeam, listQueues, listQueueTickets } from "./queues.service.ts";
import { AssignmentSettingsView, AvailabilityCard, QueuesView, QueueView } from "./queues.view.tsx";

const TEAM = ":teamId{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}}";
const ADMIN = "support.organization.write";

const queuesCrumb = (c: C) =>
  supportCrumbs(c, { label: tr(c)("page.queues"), href: "/support/queues" });

async function queuesPage(c: C, flash?: Flash, status: Status = 200) {
  const actor = actorOf(c);
  const [queues, mine] = await Promise.all([listQueues(actor), myStatus(actor)]);
  const canWork = hasPermission(c.var.session.permissions, "support.ticket.write");
  return respond(
    c,
    tr(c)("page.queues"),
    <>
      <QueuesView
        queues={queues.items}
        canAdmin={hasPermission(c.var.session.permissions, ADMIN)}
        flash={flash}
      />
      {canWork && <AvailabilityCard {...mine} />}
    </>,
    { status },
  );
}

async function settingsPage(
  c: C,
  teamId: string,
  state: { flash?: Flash; status?: Status; values?: Record<string, unknown> } = {},
) {
  const actor = actorOf(c);
  const team = await getQueueTeam(actor, teamId);
  const [settings, members] = await Promise.all([
    assignmentSettings(actor, teamId),
    teamAvailability(actor, teamId),
  ]);
  return respond(
    c,
    `${team.name}: ${tr(c)("support.assignment.settings")}`,
    <AssignmentSettingsView
      teamId={teamId}
      mode={settings.mode}
      maxOpenPerAgent={settings.maxOpenPerAgent}
      members={members}
      flash={state.flash}
      values={state.values}
    />,
    {
      status: state.status,
      crumbs: [...queuesCrumb(c), { label: team.name, href: `/support/queues/${teamId}` }],
    },
  );
}

/** A date field ("back on") as the instant the flag ends: that day's start (UTC). */
const dayStart = (v: unknown) =>
  typeof v === "string" && /^\d{4}-\d\d-\d\d$/.test(v) ? `${v}T00:00:00Z` : null;

export const mountQueuePages = (app: Hono<AppEnv>) => {
  const read = requirePermission("support.ticket.read");
  app.get("/queues", read, (c) => queuesPage(c));

  app.post("/queues/availability", requirePermission("support.ticket.write"), async (c) => {
    const form = await readForm(c);
    const parsed = AgentStatusInput.safeParse({
      outOfOffice: form.outOfOffice === "on",
      until: dayStart(form.until),
    });
    try {
      if (!parsed.success) throw problems.validation([{ path: "until", message: "invalid" }]);
      await setMyStatus(actorOf(c), parsed.data);
      return c.redirect("/support/queues", 303);
    } catch (err) {
      const { status } = problemFlash(err);
      const text = tr(c)(status === 400 ? "support.invalidForm" : "support.error.team");
      return queuesPage(c, { kind: "error", text }, status);
    }
  });

  app.get(`/queues/${TEAM}`, read, async (c) => {
    const actor = actorOf(c);
    const teamId = c.req.param("teamId")!;
    const team = await getQueueTeam(actor, teamId);
    const q = PageQuery.safeParse({ limit: 25, cursor: c.req.query("cursor") || undefined });
    if (!q.success) throw problems.validation([{ path: "query.cursor", message: "invalid" }]);
    const page = await listQueueTickets(actor, { teamId, ...q.data });
    const [members, customers] = await Promise.all([
      agentMembers(actor, page.items.map((x) => x.assigneeId)),
      customerNames(actor, { ids: page.items.map((x) => x.customerId) }),
    ]);
    const names = new Map([
      ...customers,
      ...members.map((m): [string, string] => [m.userId, m.name]),
    ]);
    const canAdmin = hasPermission(c.var.session.permissions, ADMIN);
    return respond(
      c,
      team.name,
      <QueueView
        tickets={page.items}
        names={names}
        more={page.nextCursor
          ? moreHref(`/support/queues/${teamId}`, {}, page.nextCursor)
          : undefined}
      />,
      {
        crumbs: queuesCrumb(c),
        actions: canAdmin
          ? (
            <a class="btn btn-secondary" href={`/support/queues/${teamId}/settings`}>
              {tr(c)("support.assignment.settings")}
            </a>
          )
          : undefined,
      },
    );
  });

  app.get(
    `/queues/${TEAM}/settings`,
    requirePermission("support.organization.read"),
    (c) => settingsPage(c, c.req.param("teamId")!),
  );
  app.post(`/queues/${TEAM}/settings`, requirePermission(ADMIN), async (c) => {
    const teamId = c.req.param("teamId")!;
    await getQueueTeam(actorOf(c), teamId); // 404 first
    const form = await readForm(c);
    const values = { mode: form.mode, maxOpenPerAgent: form.maxOpenPerAgent };
    const parsed = AssignmentSettingsInput.safeParse({
      mode: form.mode,
      maxOpenPerAgent: form.maxOpenPerAgent ? Number(form.maxOpenPerAgent) : null,
    });
    if (!parsed.success) {
      const flash: Flash = { kind: "error", text: tr(c)("support.invalidForm") };
      return settingsPage(c, teamId, { flash, status: 400, values });
    }
    await updateAssignmentSettings(actorOf(c), { teamId, ...parsed.data });
    return c.redirect(`/support/queues/${teamId}/settings`, 303);
  });
};
