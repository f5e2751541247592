/**
 * The process designer page (/workflow/admin/designer[?definition=<id>]) and its actions, which
 * the page's script posts as JSON: save a draft, validate, deploy. Answers are JSON for the
 * script; a failure keeps its 4xx status (the request's transaction then rolls back).
 */
import { Hono } from "hono";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, problemFlash, uuidOrNull } from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { textFor } from "../../../shared/i18n/i18n.ts";
import { listRoles } from "../../../platform/identity/public.ts";
import { listAgentNames } from "../../automation/public.ts";
import { page, tr } from "../../../ui/kit.ts";
import { deployDiagram, openDiagram, saveDiagram } from "./designer.service.ts";
import { agentTopic, checkDiagram, MAX_XML_CHARS, OPERATION_TOPICS } from "./designer.rules.ts";
import { type Choice, DesignerView } from "./designer.view.tsx";
import "./designer.messages.ts";

const WRITE = "workflow.definition.write";
const BASE = "/workflow/admin/designer";

const DiagramBody = z.object({
  definitionId: z.uuid().optional(),
  xml: z.string().min(1).max(MAX_XML_CHARS),
});

async function roleChoices(c: C): Promise<Choice[]> {
  return (await listRoles(c.var.sql)).map((r) => ({
    value: r.key,
    label: (r.builtin && textFor(c.var.locale, `role.${r.key}`)) || r.name,
  }));
}

function operationChoices(c: C): Choice[] {
  return OPERATION_TOPICS.map((op) => ({
    value: op,
    label: textFor(c.var.locale, `automation.operations.${op}`) ?? op,
  }));
}

/** Agent names for `agent:<name>` topics (Automation's active agents). */
const agentChoices = async (c: C): Promise<Choice[]> =>
  (await listAgentNames(actorOf(c))).map((name) => ({ value: agentTopic(name), label: name }));

/** The JSON body of an action, checked; a malformed one is a 400. */
async function diagramBody(c: C) {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw problems.badRequest("The body must be JSON.");
  }
  const parsed = DiagramBody.safeParse(raw);
  if (!parsed.success) {
    throw problems.validation(
      parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  return parsed.data;
}

/** Runs an action; a rule or input failure answers `{ message }` with its 4xx status. */
async function answer(c: C, run: () => Promise<Response>) {
  try {
    return await run();
  } catch (err) {
    const { flash, status } = problemFlash(err);
    return c.json({ message: flash.text, problems: [], warnings: [] }, status);
  }
}

export const designerPages = new Hono<AppEnv>()
  .get("/", requirePermission(WRITE), async (c) => {
    const t = tr(c);
    const asked = c.req.query("definition");
    const id = asked === undefined ? null : uuidOrNull(asked);
    if (asked !== undefined && !id) throw problems.notFound();
    const diagram = await openDiagram(actorOf(c), {
      id,
      blankName: t("workflow.designer.newTitle"),
    });
    const title = diagram.name
      ? t("workflow.designer.editing", { name: diagram.name })
      : t("workflow.designer.newTitle");
    const description = diagram.definitionId
      ? diagram.version
        ? t("workflow.designer.draftOf", { version: diagram.version })
        : t("workflow.designer.noVersion")
      : undefined;
    return await page(
      c,
      title,
      <DesignerView
        base={BASE}
        definitionId={diagram.definitionId}
        xml={diagram.xml}
        roles={await roleChoices(c)}
        agents={await agentChoices(c)}
        operations={operationChoices(c)}
      />,
      {
        crumbs: [
          { label: t("module.workflow"), href: "/workflow" },
          { label: t("page.definitions"), href: "/workflow/admin/definitions" },
        ],
        description,
      },
    );
  })
  .post("/validate", requirePermission(WRITE), (c) =>
    answer(c, async () => {
      const t = tr(c);
      const { xml } = await diagramBody(c);
      const found = await checkDiagram(xml);
      const message = found.problems.length
        ? t("workflow.designer.invalid", { count: found.problems.length })
        : t("workflow.designer.valid");
      return c.json({ ...found, message });
    }))
  .post("/save", requirePermission(WRITE), (c) =>
    answer(c, async () => {
      const body = await diagramBody(c);
      const saved = await saveDiagram(actorOf(c), body);
      return c.json({ ...saved, message: tr(c)("workflow.designer.saved") });
    }))
  .post("/deploy", requirePermission(WRITE), (c) =>
    answer(c, async () => {
      const t = tr(c);
      const done = await deployDiagram(actorOf(c), await diagramBody(c));
      if (done.problems.length) {
        const message = t("workflow.designer.invalid", { count: done.problems.length });
        return c.json({ ...done, message }, 422);
      }
      return c.json({
        ...done,
        message: t("workflow.designer.deployed", { version: done.version }),
        link: { href: "/workflow/catalog", text: t("workflow.designer.toCatalog") },
      });
    }));

/** Mounts the designer under the module's pages (/workflow/admin/designer). */
export function mountDesignerPages(app: Hono<AppEnv>) {
  app.route("/admin/designer", designerPages);
}
