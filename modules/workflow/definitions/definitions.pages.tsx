/** /workflow/admin/definitions: the list, create and import, and a definition's page. */
import "./definitions.messages.ts";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  field,
  type Flash,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { Problem, problems as httpProblems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { page, tr } from "../../../ui/kit.ts";
import type { BpmnProblem } from "./definitions.compile.lib.ts";
import {
  archiveDefinition,
  createDefinition,
  deployDefinition,
  getDefinition,
  getVersion,
  listDefinitions,
  listVersions,
  updateDefinition,
} from "./definitions.service.ts";
import { blankBpmn, isProcessKey, xmlFileName } from "./definitions.rules.ts";
import { DefinitionDetailView, DefinitionsActions, DefinitionsList } from "./definitions.view.tsx";

const BASE = "/workflow/admin/definitions";
const MAX_UPLOAD = 2_000_000;

interface Outcome {
  flash?: Flash;
  status?: number;
  problems?: BpmnProblem[];
  warnings?: BpmnProblem[];
}

const crumbs = (c: C) => [{ label: tr(c)("module.workflow"), href: "/workflow" }];

/** A refusal as the page shows it: the compiler's element list, or the problem's text. */
function outcomeOf(err: unknown): Outcome {
  const { flash, status } = problemFlash(err);
  if (err instanceof Problem && err.slug === "invalid-bpmn") {
    const list = (err.errors ?? []) as unknown as {
      path: string;
      message: string;
      elementType?: string;
    }[];
    return {
      status,
      flash: { kind: "error", text: err.detail ?? err.title },
      problems: list.map((e) => ({
        elementId: e.path === "definitions" ? null : e.path,
        elementType: e.elementType ?? null,
        message: e.message,
      })),
    };
  }
  return { flash, status };
}

async function listPage(c: C, outcome: Outcome = {}) {
  const t = tr(c);
  const q = c.req.query("q") ?? "";
  const result = await listDefinitions(actorOf(c), {
    q,
    limit: 25,
    cursor: c.req.query("cursor") || undefined,
  });
  return await page(
    c,
    t("page.definitions"),
    <DefinitionsList {...result} q={q} {...outcome} />,
    {
      status: (outcome.status ?? 200) as 200,
      crumbs: crumbs(c),
      description: t("wfd.listDescription"),
      actions: <DefinitionsActions />,
    },
  );
}

async function detailPage(c: C, id: string, outcome: Outcome = {}) {
  const actor = actorOf(c);
  const d = await getDefinition(actor, id);
  const { items } = await listVersions(actor, id);
  return await page(
    c,
    d.name,
    <DefinitionDetailView d={d} versions={items} {...outcome} />,
    {
      status: (outcome.status ?? 200) as 200,
      crumbs: [...crumbs(c), { label: tr(c)("page.definitions"), href: BASE }],
    },
  );
}

async function createBlank(c: C) {
  const t = tr(c);
  const form = await readForm(c);
  const key = field(form, "key");
  const name = field(form, "name") || key;
  if (!isProcessKey(key)) {
    return await listPage(c, { flash: { kind: "error", text: t("wfd.badKey") }, status: 400 });
  }
  try {
    const d = await createDefinition(actorOf(c), {
      input: {
        xml: blankBpmn(key, name),
        name,
        category: field(form, "category") || undefined,
      },
    });
    return redirectAfterPost(c, `/workflow/admin/designer?definition=${d.id}`);
  } catch (err) {
    return await listPage(c, outcomeOf(err));
  }
}

async function importFile(c: C) {
  const t = tr(c);
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody() as Record<string, string | File>;
  } catch {
    throw httpProblems.badRequest("The form could not be read.");
  }
  const file = body.file;
  if (!(file instanceof File) || file.size === 0) {
    return await listPage(c, { flash: { kind: "error", text: t("wfd.noFile") }, status: 400 });
  }
  if (file.size > MAX_UPLOAD) throw httpProblems.tooLarge();
  const category = typeof body.category === "string" ? body.category.trim() : "";
  try {
    const d = await createDefinition(actorOf(c), {
      input: {
        xml: await file.text(),
        category: category || undefined,
        deploy: body.deploy === "1",
      },
    });
    return redirectAfterPost(c, `${BASE}/${d.id}`);
  } catch (err) {
    return await listPage(c, outcomeOf(err));
  }
}

async function edit(c: C) {
  const id = pathId(c);
  const form = await readForm(c);
  try {
    await updateDefinition(actorOf(c), {
      id,
      input: {
        name: field(form, "name") || undefined,
        category: field(form, "category"),
        description: field(form, "description"),
        startable: field(form, "startable") === "1",
      },
    });
    return redirectAfterPost(c, `${BASE}/${id}`);
  } catch (err) {
    return await detailPage(c, id, outcomeOf(err));
  }
}

async function deploy(c: C) {
  const id = pathId(c);
  try {
    const v = await deployDefinition(actorOf(c), { id, input: {} });
    return await detailPage(c, id, {
      flash: { kind: "ok", text: tr(c)("wfd.deployed", { n: v.version }) },
      warnings: v.warnings,
    });
  } catch (err) {
    return await detailPage(c, id, outcomeOf(err));
  }
}

async function archive(c: C) {
  const id = pathId(c);
  try {
    await archiveDefinition(actorOf(c), id);
    return redirectAfterPost(c, BASE);
  } catch (err) {
    return await detailPage(c, id, outcomeOf(err));
  }
}

async function download(c: C) {
  const version = Number(c.req.param("version"));
  if (!Number.isInteger(version) || version < 1) throw httpProblems.notFound();
  const v = await getVersion(actorOf(c), { id: pathId(c), version });
  return c.body(v.xml, 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Content-Disposition": `attachment; filename="${xmlFileName(v.model.id, v.version)}"`,
  });
}

export function mountDefinitionsPages(app: Hono<AppEnv>) {
  const read = requirePermission("workflow.definition.read");
  const write = requirePermission("workflow.definition.write");
  app.get("/admin/definitions", write, (c) => listPage(c));
  app.post("/admin/definitions", write, createBlank);
  app.post("/admin/definitions/import", write, importFile);
  app.get("/admin/definitions/:id", write, (c) => detailPage(c, pathId(c)));
  app.post("/admin/definitions/:id", write, edit);
  app.post("/admin/definitions/:id/deploy", write, deploy);
  app.post("/admin/definitions/:id/archive", write, archive);
  app.get("/admin/definitions/:id/versions/:version/xml", read, download);
}
