import { textFor } from "../../../shared/i18n/i18n.ts";
/**
 * /workflow/admin/decisions: the decision tables (list, new from the template, delete) and
 * /workflow/admin/decisions/{key}: the dmn-js editor (save = deploy, answered as JSON for its
 * script) with a test panel that evaluates the latest version with JSON variables (htmx).
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  one,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { html, page, Toast, tr } from "../../../ui/kit.ts";
import { DECISIONS_WRITE } from "./decisions.routes.ts";
import {
  createFromTemplate,
  deployDmn,
  evaluateDecision,
  getDecision,
  listDecisions,
  removeDecision,
} from "./decisions.service.ts";
import { DeployDecisionInput } from "./decisions.schemas.ts";
import {
  BASE,
  DecisionEditor,
  DecisionsTable,
  NewDecisionDialog,
  TestResult,
} from "./decisions.view.tsx";
import "./decisions.messages.ts";

async function listPage(c: C, flash?: Flash, status = 200) {
  const t = tr(c);
  const { items } = await listDecisions(actorOf(c));
  return await page(
    c,
    t("page.decisionTables"),
    <>
      {flash && <Toast flash={flash} />}
      <DecisionsTable rows={items} />
    </>,
    {
      status: status as 200,
      crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
      description: t("workflow.decisions.description"),
      actions: <NewDecisionDialog />,
    },
  );
}

/** The reasons of a refused action, for the editor's script. */
function reasons(err: unknown): { status: 400 | 404 | 409 | 422; message: string; list: string[] } {
  if (!(err instanceof Problem) || err.status >= 500) throw err;
  const list = (err.errors ?? []).map((e) => e.message);
  return {
    status: err.status as 400,
    message: list.length ? "" : err.detail ?? err.title,
    list,
  };
}

export function mountDecisionPages(app: Hono<AppEnv>) {
  const guard = requirePermission(DECISIONS_WRITE);
  app.get("/admin/decisions", guard, (c) => listPage(c));

  app.post("/admin/decisions", guard, async (c) => {
    let key: string;
    try {
      const form = await readForm(c);
      key = (await createFromTemplate(actorOf(c), {
        key: one(form.key),
        name: one(form.name),
      })).key;
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await listPage(c, flash, status);
    }
    return redirectAfterPost(c, `${BASE}/${encodeURIComponent(key)}`);
  });

  app.get("/admin/decisions/:key", guard, async (c) => {
    const t = tr(c);
    const d = await getDecision(actorOf(c), { key: c.req.param("key") });
    return await page(
      c,
      t("workflow.decisions.editing", { name: d.name }),
      (
        <DecisionEditor d={d} />
      ),
      {
        crumbs: [
          { label: t("module.workflow"), href: "/workflow" },
          { label: t("page.decisionTables"), href: BASE },
        ],
        description: `${t("workflow.decisions.version", { n: d.version })} · ${
          hitPolicyText(c.var.locale, d.hitPolicy)
        }`,
      },
    );
  });

  // The editor's save: the whole DMN file, deployed as the next version of each decision.
  app.post("/admin/decisions/:key/deploy", guard, async (c) => {
    const t = tr(c);
    try {
      let raw: unknown;
      try {
        raw = await c.req.json();
      } catch {
        throw problems.badRequest("The body must be JSON.");
      }
      const parsed = DeployDecisionInput.safeParse(raw);
      if (!parsed.success) throw problems.badRequest("The body must carry the DMN XML.");
      const { items } = await deployDmn(actorOf(c), parsed.data.xml);
      const mine = items.find((d) => d.key === c.req.param("key")) ?? items[0];
      return c.json({
        message: t("workflow.decisions.deployed", { version: mine.version }),
        key: mine.key,
        version: mine.version,
        href: `${BASE}/${encodeURIComponent(mine.key)}`,
      });
    } catch (err) {
      const r = reasons(err);
      return c.json({
        message: r.message || t("workflow.decisions.refused"),
        problems: r.list,
      }, r.status);
    }
  });

  app.post("/admin/decisions/:key/test", guard, async (c) => {
    const t = tr(c);
    const form = await readForm(c);
    let variables: unknown;
    try {
      variables = JSON.parse(one(form.variables) || "{}");
    } catch {
      variables = null;
    }
    if (!variables || typeof variables !== "object" || Array.isArray(variables)) {
      return html(c, <TestResult error={t("workflow.decisions.badJson")} />, 400);
    }
    try {
      const evaluation = await evaluateDecision(actorOf(c), {
        key: c.req.param("key"),
        input: {
          variables: variables as Record<string, unknown>,
        },
      });
      return html(c, <TestResult evaluation={evaluation} />);
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return html(c, <TestResult error={flash.text} />, status);
    }
  });

  app.post("/admin/decisions/:key/delete", guard, async (c) => {
    try {
      await removeDecision(actorOf(c), c.req.param("key"));
    } catch (err) {
      const { flash, status } = problemFlash(err);
      return await listPage(c, flash, status);
    }
    return redirectAfterPost(c, BASE);
  });
}

/** A hit policy's name ("UNIQUE", "RULE ORDER" → its `workflow.decisions.hit.*` text). */
function hitPolicyText(locale: string, policy: string) {
  const key = `workflow.decisions.hit.${policy.replace(" ", "_")}`;
  return textFor(locale, key) ?? key;
}
