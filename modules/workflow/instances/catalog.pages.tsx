import "./instances.messages.ts";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  isHtmx,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { Problem, problems } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { Card } from "../../../ui/kit.ts";
import { html, page, tr } from "../../../ui/kit.ts";
import { type CatalogEntry, listCatalog, startFromForm } from "./catalog.service.ts";
import { CatalogView, StartForm, type StartFormState } from "./catalog.view.tsx";

const crumbs = (c: C) => [{ label: tr(c)("module.workflow"), href: "/workflow" }];

async function catalogPage(c: C) {
  const t = tr(c);
  const entries = await listCatalog(actorOf(c));
  return await page(
    c,
    t("page.processCatalog"),
    <CatalogView entries={entries} />,
    {
      crumbs: crumbs(c),
      description: t("wfi.catalog.description"),
    },
  );
}

async function entryOf(c: C): Promise<CatalogEntry> {
  const [entry] = await listCatalog(actorOf(c), pathId(c));
  if (!entry) throw problems.notFound("No such process to start.");
  return entry;
}

/** The start form on a page of its own (the dialog's no-script fallback), or with errors. */
async function startPage(c: C, entry: CatalogEntry, state?: StartFormState, status = 200) {
  const form = <StartForm entry={entry} state={state} />;
  if (isHtmx(c)) return html(c, form, status as 200);
  return await page(
    c,
    tr(c)("wfi.catalog.startTitle", { name: entry.name }),
    <Card>{form}</Card>,
    {
      status: status as 200,
      crumbs: [...crumbs(c), { label: tr(c)("page.processCatalog"), href: "/workflow/catalog" }],
    },
  );
}

async function start(c: C) {
  const entry = await entryOf(c);
  const form = await readForm(c);
  try {
    const id = await startFromForm(actorOf(c), { definitionId: entry.id, form });
    return redirectAfterPost(c, `/workflow/processes/${id}`);
  } catch (err) {
    const { flash, status } = problemFlash(err);
    const values = Object.fromEntries(
      Object.entries(form).map(([k, v]) => [k, Array.isArray(v) ? String(v.at(-1)) : v]),
    );
    const errors: Record<string, string> = {};
    for (const e of err instanceof Problem ? err.errors ?? [] : []) {
      const id = e.path.replace(/^body\.variables\./, "");
      errors[id] = tr(c)(values[`field.${id}`] ? "wfi.catalog.invalid" : "wfi.catalog.required");
    }
    // Field errors show at their fields; other refusals (no engine, not startable) on top.
    const state = { values, errors, flash: Object.keys(errors).length ? undefined : flash };
    return await startPage(c, entry, state, status);
  }
}

/** /workflow/catalog and starting a process from it. */
export function mountCatalogPages(app: Hono<AppEnv>) {
  const read = requirePermission("workflow.process.read");
  const write = requirePermission("workflow.process.write");
  app.get("/catalog", read, catalogPage);
  app.get("/catalog/:id/start", write, async (c) => await startPage(c, await entryOf(c)));
  app.post("/catalog/:id/start", write, start);
}
