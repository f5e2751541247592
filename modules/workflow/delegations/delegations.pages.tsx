import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  one,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { directory } from "../../../platform/identity/public.ts";
import { page, Tabs, Toast, tr } from "../../../ui/kit.ts";
import { TASK_WRITE } from "../tasks/tasks.service.ts";
import { zonedToIso } from "../tasks/tasks.pages.tsx";
import {
  createStanding,
  listDefinitionChoices,
  listHandovers,
  listStanding,
  revokeStanding,
} from "./delegations.service.ts";
import { StandingInput } from "./delegations.schemas.ts";
import { HandoverTable, StandingDialog, StandingTable } from "./delegations.view.tsx";
import "./delegations.messages.ts";
import "../tasks/tasks.messages.ts";

const TABS = ["received", "given", "standing"] as const;
type Tab = typeof TABS[number];

async function delegationsPage(c: C, flash?: Flash, status = 200) {
  const t = tr(c);
  const q = c.req.query();
  const tab: Tab = (TABS as readonly string[]).includes(q.tab) ? q.tab as Tab : "received";
  const actor = actorOf(c);
  const me = c.var.session.userId;
  let body;
  if (tab === "standing") {
    const [given, received] = [
      await listStanding(actor, { view: "given", ended: "false" }),
      await listStanding(actor, { view: "received", ended: "false" }),
    ];
    body = (
      <>
        <StandingTable
          id="standing-given"
          title={t("workflow.delegations.standing.given")}
          rows={given.items}
          me={me}
        />
        <StandingTable
          id="standing-received"
          title={t("workflow.delegations.standing.received")}
          rows={received.items}
          me={me}
        />
      </>
    );
  } else {
    const list = await listHandovers(actor, {
      view: tab,
      limit: 25,
      cursor: q.cursor || undefined,
    });
    const more = list.nextCursor
      ? `/workflow/delegations?tab=${tab}&cursor=${encodeURIComponent(list.nextCursor)}`
      : null;
    body = <HandoverTable rows={list.items} more={more} />;
  }
  const canWrite = hasPermission(c.var.session.permissions, TASK_WRITE);
  const people = canWrite
    ? (await directory(c.var.sql, { permission: TASK_WRITE })).filter((p) => p.userId !== me)
    : [];
  return await page(
    c,
    t("workflow.delegations.title"),
    <>
      {flash && <Toast flash={flash} />}
      <Tabs
        label={t("workflow.delegations.tabs")}
        items={TABS.map((x) => ({
          href: `/workflow/delegations?tab=${x}`,
          label: t(`workflow.delegations.tab.${x}`),
          current: x === tab,
        }))}
      />
      {body}
    </>,
    {
      status: status as 200,
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t("workflow.delegations.description"),
      actions: canWrite
        ? (
          <StandingDialog
            people={people}
            definitions={await listDefinitionChoices(actor)}
          />
        )
        : undefined,
    },
  );
}

export function mountDelegationPages(app: Hono<AppEnv>) {
  const read = requirePermission("workflow.task.read");
  const write = requirePermission(TASK_WRITE);
  app.get("/delegations", read, (c) => delegationsPage(c));
  app.post("/delegations/standing", write, async (c) => {
    const form = await readForm(c);
    const tz = c.var.timeZone;
    const when = (k: string) => zonedToIso(one(form[k]), tz) ?? one(form[k]);
    try {
      const parsed = StandingInput.safeParse({
        toUserId: one(form.toUserId),
        startsAt: when("startsAt"),
        endsAt: when("endsAt"),
        definitionId: one(form.definitionId) || null,
        reason: one(form.reason),
      });
      if (!parsed.success) {
        throw problems.validation(
          parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        );
      }
      await createStanding(actorOf(c), parsed.data);
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await delegationsPage(c, flash, status);
    }
    return redirectAfterPost(c, "/workflow/delegations?tab=standing");
  });
  app.post("/delegations/standing/:id/revoke", write, async (c) => {
    try {
      await revokeStanding(actorOf(c), pathId(c));
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await delegationsPage(c, flash, status);
    }
    return redirectAfterPost(c, "/workflow/delegations?tab=standing");
  });
}
