import { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { Problem } from "../../../shared/http/problem.ts";
import { requirePermission } from "../../../shared/rbac/permissions.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { page } from "../../../ui/kit.ts";
import {
  type C,
  type Flash,
  pathId,
  problemFlash,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { Assets } from "../common/ui.view.tsx";
import { getProject } from "../projects/projects.service.ts";
import { requireProjectRole } from "../access/access.service.ts";
import { statusesOf } from "../statuses/statuses.service.ts";
import { importTasks } from "./import.service.ts";
import { IMPORT_MAX_BYTES, IMPORT_TARGETS, type ImportTarget, parseCsv } from "./import.lib.ts";
import { ImportMapping, ImportUpload } from "./import.view.tsx";

const WRITE = requirePermission("projects.task.write");

/**
 * A streaming path (mod.ts): no request-wide transaction, so a 5 MB file is read first; each
 * step then runs in one short transaction (the commit's refusal rolls all of it back).
 */
function scoped<T>(c: C, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return c.var.scope(async (tx) => {
    c.set("sql", tx);
    return await fn(tx);
  });
}

async function shell(c: C, projectId: string, body: preact.ComponentChildren, status = 200) {
  const l = c.var.locale;
  const project = await getProject(actorOf(c), projectId);
  return page(
    c,
    t(l, "projects.import.title", { project: project.name }),
    <>
      <Assets />
      {body}
    </>,
    {
      status: status as 200,
      crumbs: [
        { label: t(l, "page.projects"), href: "/projects/projects" },
        { label: project.name, href: `/projects/projects/${projectId}` },
      ],
    },
  );
}

/** The form's mapping (`map:<header>`) and status choices (`status:<value>`). */
function choices(f: Record<string, string | File | (string | File)[]>) {
  const mapping: Record<string, ImportTarget> = {};
  const statusMap: Record<string, string> = {};
  for (const [k, raw] of Object.entries(f)) {
    const v = Array.isArray(raw) ? raw[0] : raw;
    if (typeof v !== "string") continue;
    if (k.startsWith("map:") && (IMPORT_TARGETS as readonly string[]).includes(v)) {
      mapping[k.slice(4)] = v as ImportTarget;
    }
    if (k.startsWith("status:") && v) statusMap[k.slice(7)] = v;
  }
  return { mapping, statusMap };
}

const importPages = new Hono<AppEnv>()
  .get("/:id/import", WRITE, (c) =>
    scoped(c, async () => {
      const id = pathId(c);
      await requireProjectRole(actorOf(c), { projectId: id, needed: "member" });
      return shell(c, id, <ImportUpload projectId={id} />);
    }))
  .post("/:id/import", WRITE, async (c) => {
    const id = pathId(c);
    const l = c.var.locale;
    const f: Record<string, string | File | (string | File)[]> = await c.req.parseBody({
      all: true,
    })
      .catch(() => ({}));
    const file = f.file;
    let csv = typeof f.csv === "string" ? f.csv : "";
    if (file instanceof File) {
      if (file.size > IMPORT_MAX_BYTES) {
        const flash: Flash = { kind: "error", text: t(l, "projects.import.tooLarge") };
        return scoped(c, () => shell(c, id, <ImportUpload projectId={id} flash={flash} />, 413));
      }
      csv = await file.text();
    }
    const step = typeof f.step === "string" ? f.step : "read";
    const { mapping, statusMap } = choices(f);
    const skip = f.skipErrors === "true";
    const mode = step === "commit" ? "commit" as const : "preview" as const;
    const body = {
      mode,
      csv,
      mapping: step === "read" ? undefined : mapping,
      statusMap,
      skipErrors: skip,
    };
    let flash: Flash | undefined;
    let status = 200;
    if (mode === "commit") {
      try {
        const done = await scoped(c, (tx) => importTasks(actorOf(c, tx), { projectId: id, body }));
        const to = `/projects/projects/${id}?view=list&imported=${done.created}`;
        return redirectAfterPost(c, to);
      } catch (e) {
        if (!(e instanceof Problem) || e.status >= 500 || e.status === 404) throw e;
        flash = { kind: "error", text: t(l, "projects.import.refused") };
        status = e.status;
      }
    }
    return await scoped(c, async (tx) => {
      const r = await importTasks(actorOf(c, tx), {
        projectId: id,
        body: { ...body, mode: "preview" },
      }).then((value) => ({ ok: true as const, value }), (e) => ({ ok: false as const, e }));
      if (!r.ok) {
        if (!(r.e instanceof Problem) || r.e.status >= 500 || r.e.status === 404) throw r.e;
        const problem = r.e;
        const text = problem.errors?.[0]?.path === "mapping"
          ? t(l, "projects.import.needTitle")
          : problem.status === 413
          ? t(l, "projects.import.tooLarge")
          : problem.status === 422 && problem.errors?.[0]?.path === "csv"
          ? t(l, "projects.import.tooMany")
          : t(l, "projects.import.badFile", { reason: problemFlash(problem).flash.text });
        if (problem.errors?.[0]?.path !== "mapping" || !csv) {
          return shell(
            c,
            id,
            <ImportUpload projectId={id} flash={{ kind: "error", text }} />,
            problem.status,
          );
        }
        flash = { kind: "error", text };
        status = problem.status;
      }
      const parsed = parseCsv(csv);
      const samples: Record<string, string> = {};
      parsed.headers.forEach((h, i) => {
        samples[h] ||= parsed.records.find((rec) => (rec[i] ?? "").trim())?.[i] ?? "";
      });
      const result = r.ok ? r.value : {
        mode: "read" as never,
        headers: parsed.headers,
        mapping: { ...mapping },
        delimiter: parsed.delimiter,
        total: parsed.records.length,
        valid: 0,
        rows: [],
        errors: [],
        statusValues: [],
        created: 0,
        skipped: 0,
      };
      const shown = step === "read" ? { ...result, mode: "read" as never } : result;
      return shell(
        c,
        id,
        <ImportMapping
          projectId={id}
          csv={csv}
          result={shown}
          samples={samples}
          statuses={await statusesOf({ sql: tx }, id)}
          statusMap={statusMap}
          skip={skip}
          flash={flash}
        />,
        status,
      );
    });
  });

/** The import page at /projects/projects/:id/import (before the project pages). */
export function mountImportPages(app: Hono<AppEnv>) {
  app.route("/projects", importPages);
}
