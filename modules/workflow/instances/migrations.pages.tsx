import "./instances.messages.ts";
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { type C, problemFlash, readForm } from "../../../shared/http/pages.ts";
import { isUuid } from "../../../shared/http/ids.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { page, tr } from "../../../ui/kit.ts";
import { MANAGE_PERMISSION } from "./instances.rules.ts";
import { MigrationInput } from "./migrations.schemas.ts";
import {
  listMigrations,
  migratable,
  migrate,
  migrationSetup,
  runningOf,
} from "./migrations.service.ts";
import { type MigrationScreen, MigrationView } from "./migrations.view.tsx";

type Picked = { definitionId?: string; from?: string; to?: string };

/** Loads what the screen shows for the picked definition and versions. */
async function screen(c: C, p: Picked, extra: Partial<MigrationScreen> = {}) {
  const actor = actorOf(c);
  const definitions = await migratable(actor);
  // Nothing picked yet: the first definition, from its oldest version to its newest, so the
  // screen opens on a mapping rather than on an empty select.
  const definitionId = p.definitionId && isUuid(p.definitionId) &&
      definitions.some((d) => d.id === p.definitionId)
    ? p.definitionId
    : definitions[0]?.id;
  const setup = definitionId ? await migrationSetup(actor, definitionId) : null;
  const versions = setup?.versions ?? [];
  const byNumber = [...versions].sort((a, b) => a.version - b.version);
  const from = versions.find((v) => String(v.version) === p.from) ??
    (p.from ? undefined : byNumber[0]);
  const to = versions.find((v) => String(v.version) === p.to) ??
    (p.to ? undefined : byNumber[byNumber.length - 1]);
  const s: MigrationScreen = {
    definitions,
    definitionId,
    versions,
    from,
    to,
    instances: from ? await runningOf(actor, from.id) : [],
    past: definitionId ? (await listMigrations(actor, definitionId)).items : [],
    ...extra,
  };
  const t = tr(c);
  return await page(c, t("page.processMigrations"), <MigrationView s={s} />, {
    crumbs: [{ label: t("module.workflow"), href: "/workflow" }],
    description: t("wfi.migrate.description"),
  });
}

async function post(c: C) {
  const form = await readForm(c);
  const one = (k: string) => (typeof form[k] === "string" ? form[k] as string : "");
  const picked = { definitionId: one("definitionId"), from: one("from"), to: one("to") };
  const mapping: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    if (k.startsWith("map.") && typeof v === "string" && v) mapping[k.slice(4)] = v;
  }
  const selected = [form.instance ?? []].flat().map(String);
  const keep = { mapping, selected };
  const parsed = MigrationInput.safeParse({
    fromVersion: Number(picked.from),
    toVersion: Number(picked.to),
    mapping,
    instanceIds: selected,
    dryRun: one("mode") !== "apply",
  });
  if (!parsed.success || !isUuid(picked.definitionId)) {
    return await screen(c, picked, { ...keep, error: tr(c)("wfi.migrate.invalid") });
  }
  try {
    const report = await migrate(actorOf(c), {
      definitionId: picked.definitionId,
      input: parsed.data,
    });
    // After an applied migration the instances list is of the old version: show what is left.
    return await screen(c, picked, report.applied ? { report } : { ...keep, report });
  } catch (err) {
    return await screen(c, picked, { ...keep, error: problemFlash(err).flash.text });
  }
}

/** /workflow/admin/migrations: moving running instances between versions (admins). */
export function mountMigrationPages(app: Hono<AppEnv>) {
  const manage = requirePermission(MANAGE_PERMISSION);
  app.get("/admin/migrations", manage, (c) =>
    screen(c, {
      definitionId: c.req.query("definitionId"),
      from: c.req.query("from"),
      to: c.req.query("to"),
    }));
  app.post("/admin/migrations", manage, post);
}
