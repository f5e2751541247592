/**
 * /analytics/modelling: the tenant's tables (by hand or uploaded) and relations; a table's page
 * with its rows and columns. Forms post here and call the same services as the API.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import {
  type C,
  type Flash,
  type Form,
  isHtmx,
  one,
  pathId,
  problemFlash,
  readForm,
  redirectAfterPost,
} from "../../../shared/http/pages.ts";
import { problems } from "../../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { html, page, Toast } from "../../../ui/kit.ts";
import { datasetCatalog } from "../query/query.datasets.lib.ts";
import type { RelSource } from "./relations.schemas.ts";
import { createRelation, listRelations, removeRelation } from "./relations.service.ts";
import { MODEL_READ, MODEL_WRITE } from "./tables.routes.ts";
import { parseText } from "./tables.rules.ts";
import { COLUMN_TYPES, type ColumnInput, type ColumnType, type Table } from "./tables.schemas.ts";
import * as s from "./tables.service.ts";
import {
  BASE,
  NewRelationDialog,
  NewTableDialog,
  RelationsList,
  sourceOptions,
  TablesList,
  UploadDialog,
} from "./modelling.view.tsx";
import { ColumnsDialog, RowDialog, RowsGrid } from "./table.view.tsx";

const typeOf = (v: string): ColumnType =>
  (COLUMN_TYPES as readonly string[]).includes(v) ? v as ColumnType : "text";

/** The new-column slots of a form (new_label_<n>, new_type_<n>), empty labels skipped. */
function newColumns(form: Form): ColumnInput[] {
  return Object.keys(form).filter((k) => /^new_label_\d+$/.test(k))
    .sort((a, b) => Number(a.slice(10)) - Number(b.slice(10)))
    .map((k) => ({ label: one(form[k]), type: typeOf(one(form[`new_type_${k.slice(10)}`])) }))
    .filter((c) => c.label !== "");
}

/** A row form's values typed by their columns (a cleared field is null). */
function rowData(table: Table, form: Form): Record<string, unknown> {
  return Object.fromEntries(
    table.columns.map((col) => [col.name, parseText(col.type, one(form[`v_${col.name}`]))]),
  );
}

function relationSide(value: string): { source: RelSource; field: string } {
  const [kind, ref, field] = value.split("|");
  if (!field) throw problems.validation([{ path: "field", message: "Choose a field" }]);
  return kind === "table"
    ? { source: { kind: "table", id: ref }, field }
    : { source: { kind: "dataset", name: ref }, field };
}

async function modellingPage(c: C, flash?: Flash, status = 200) {
  const actor = actorOf(c);
  const canWrite = hasPermission(c.var.session.permissions, MODEL_WRITE);
  const { items: tables } = await s.listTables(actor);
  const { items: relations } = await listRelations(actor);
  const datasets = datasetCatalog(c.var.locale ?? "en");
  const options = sourceOptions((key, vars) => t(c.var.locale, key, vars), tables, datasets);
  return await page(
    c,
    t(c.var.locale, "page.dataModelling"),
    <>
      <div id="modelling-result" aria-live="polite">{flash && <Toast flash={flash} />}</div>
      <section class="stack">
        <h2>{t(c.var.locale, "analytics.tables.title")}</h2>
        <TablesList tables={tables} canWrite={canWrite} />
      </section>
      <section class="stack">
        <h2>{t(c.var.locale, "analytics.relations.title")}</h2>
        {canWrite && options.length > 0 && <NewRelationDialog options={options} />}
        <RelationsList
          relations={relations}
          tables={tables}
          datasets={datasets}
          canWrite={canWrite}
        />
      </section>
    </>,
    {
      status: status as 200,
      crumbs: [{ label: t(c.var.locale, "module.analytics"), href: "/analytics" }],
      description: t(c.var.locale, "analytics.tables.description"),
      actions: canWrite
        ? (
          <>
            <UploadDialog />
            <NewTableDialog />
          </>
        )
        : undefined,
    },
  );
}

async function tablePage(c: C, flash?: Flash, status = 200) {
  const actor = actorOf(c);
  const id = pathId(c);
  const canWrite = hasPermission(c.var.session.permissions, MODEL_WRITE);
  const table = await s.getTable(actor, id);
  const rows = await s.listRows(actor, { id, limit: 50, cursor: c.req.query("cursor") });
  return await page(
    c,
    table.name,
    <>
      <div id="modelling-result" aria-live="polite">{flash && <Toast flash={flash} />}</div>
      <RowsGrid
        table={table}
        rows={rows.items}
        nextCursor={rows.nextCursor}
        canWrite={canWrite}
      />
    </>,
    {
      status: status as 200,
      crumbs: [
        { label: t(c.var.locale, "module.analytics"), href: "/analytics" },
        { label: t(c.var.locale, "page.dataModelling"), href: BASE },
      ],
      description: [
        table.description,
        t(c.var.locale, "analytics.tables.summary", {
          columns: table.columns.length,
          rows: table.rowCount,
        }),
      ].filter(Boolean).join(" · "),
      actions: canWrite
        ? (
          <>
            <ColumnsDialog table={table} />
            {table.columns.length > 0 && <RowDialog table={table} />}
          </>
        )
        : undefined,
    },
  );
}

/** Runs a form action; success redirects, a refused input re-renders the page with the reason. */
function post(
  run: (c: C) => Promise<string>,
  render: (c: C, flash: Flash, status: number) => Promise<Response>,
) {
  return async (c: C) => {
    try {
      return redirectAfterPost(c, await run(c));
    } catch (err) {
      const { flash, status } = problemFlash(err);
      // htmx forms show the reason in their result slot; a plain form gets the page again.
      if (isHtmx(c)) return html(c, <Toast flash={flash} />, status);
      return await render(c, flash, status);
    }
  };
}

export function mountModellingPages(app: Hono<AppEnv>) {
  const read = requirePermission(MODEL_READ);
  const write = requirePermission(MODEL_WRITE);
  const tableUrl = (id: string) => `${BASE}/tables/${id}`;
  app.get("/modelling", read, (c) => modellingPage(c));
  app.get("/modelling/tables/:id", read, (c) => tablePage(c));

  app.post(
    "/modelling/tables",
    write,
    post(async (c) => {
      const form = await readForm(c);
      const columns = newColumns(form);
      if (columns.length === 0) {
        throw problems.validation([{ path: "columns", message: "Add at least one column" }]);
      }
      const table = await s.createTable(actorOf(c), {
        name: one(form.name),
        description: one(form.description),
        columns,
      });
      return tableUrl(table.id);
    }, modellingPage),
  );
  app.post(
    "/modelling/import",
    write,
    post(async (c) => {
      const actor = actorOf(c);
      let form: Record<string, string | File>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw problems.badRequest("The upload could not be read.");
      }
      return tableUrl((await s.importUpload(actor, form)).id);
    }, modellingPage),
  );
  app.post(
    "/modelling/tables/:id/delete",
    write,
    post(async (c) => {
      await s.removeTable(actorOf(c), pathId(c));
      return BASE;
    }, modellingPage),
  );
  app.post(
    "/modelling/tables/:id",
    write,
    post(async (c) => {
      const id = pathId(c);
      const form = await readForm(c);
      const before = await s.getTable(actorOf(c), id);
      const kept: ColumnInput[] = before.columns.flatMap((col, i) => {
        const label = one(form[`col_label_${i}`]);
        if (!label || one(form[`col_remove_${i}`])) return [];
        return [{ name: col.name, label, type: typeOf(one(form[`col_type_${i}`])) }];
      });
      await s.patchTable(actorOf(c), {
        id,
        patch: {
          name: one(form.name) || undefined,
          description: one(form.description),
          columns: [...kept, ...newColumns(form)],
        },
      });
      return tableUrl(id);
    }, tablePage),
  );
  app.post(
    "/modelling/tables/:id/rows",
    write,
    post(async (c) => {
      const id = pathId(c);
      const table = await s.getTable(actorOf(c), id);
      await s.addRow(actorOf(c), { id, data: rowData(table, await readForm(c)) });
      return tableUrl(id);
    }, tablePage),
  );
  app.post(
    "/modelling/tables/:id/rows/:rowId",
    write,
    post(async (c) => {
      const id = pathId(c);
      const table = await s.getTable(actorOf(c), id);
      await s.patchRow(actorOf(c), {
        id,
        rowId: pathId(c, "rowId"),
        data: rowData(table, await readForm(c)),
      });
      return tableUrl(id);
    }, tablePage),
  );
  app.post(
    "/modelling/tables/:id/rows/:rowId/delete",
    write,
    post(async (c) => {
      const id = pathId(c);
      await s.removeRow(actorOf(c), { id, rowId: pathId(c, "rowId") });
      return tableUrl(id);
    }, tablePage),
  );
  app.post(
    "/modelling/relations",
    write,
    post(async (c) => {
      const form = await readForm(c);
      await createRelation(actorOf(c), {
        name: one(form.name),
        left: relationSide(one(form.left)),
        right: relationSide(one(form.right)),
      });
      return BASE;
    }, modellingPage),
  );
  app.post(
    "/modelling/relations/:id/delete",
    write,
    post(async (c) => {
      await removeRelation(actorOf(c), pathId(c));
      return BASE;
    }, modellingPage),
  );
}
