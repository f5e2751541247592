import type { Hono } from "hono";
import type { ComponentChildren } from "preact";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import { type C, formAction, isHtmx, readForm, type Status } from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { html, page, tr } from "../../../ui/render.tsx";
import type { FieldDef, Flash } from "./ui.view.tsx";
import { type Column, ResourcePanel } from "./resource.view.tsx";
import type { CrudOps } from "./crud.service.ts";
import { ID_PARAM } from "../../../shared/http/ids.ts";

/** htmx swaps the panel; a plain request gets the whole page. */
export async function respond(c: C, title: string, panel: ComponentChildren, status: Status = 200) {
  if (isHtmx(c) && !c.req.header("HX-Boosted")) {
    return html(c, <>{panel}</>, status);
  }
  return await page(c, title, panel, status);
}

/**
 * A plain (no-JS) form post that worked redirects to the page (post/redirect/get), so a reload
 * neither resubmits nor lands on a POST-only address; htmx swaps the answer in place instead.
 */
export function afterPost(c: C, to: string, status: Status) {
  return status === 200 && !isHtmx(c) ? c.redirect(to, 303) : undefined;
}

/** Form fields as typed input: numbers, booleans (checkboxes) and text. */
export function formInput(
  form: Record<string, string | string[]>,
  fields: FieldDef[],
  update: boolean,
) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = form[f.name];
    if (f.type === "checks") continue;
    if (f.type === "checkbox") {
      if (v !== undefined || update) out[f.name] = v === "true";
    } else if (typeof v === "string") out[f.name] = f.type === "number" ? Number(v) : v;
  }
  return out;
}

export interface ResourcePageDef<T extends { id: string }> {
  path: string;
  key: string;
  titleKey: string;
  read: string;
  write: string;
  ops: CrudOps;
  create: z.ZodType;
  update: z.ZodType;
  columns: Column<T>[];
  fields: (c: C) => FieldDef[] | Promise<FieldDef[]>;
  filters?: (c: C) => FieldDef[] | Promise<FieldDef[]>;
  /** Turns form input into the API's body (e.g. nested objects). */
  toInput?: (input: Record<string, unknown>, form: Record<string, string | string[]>) => unknown;
  extra?: (c: C) => Promise<ComponentChildren>;
  /** Where a plain form post lands when this panel lives inside another page. */
  home?: string;
  values?: (row: T) => Record<string, unknown>;
}

/** List, create, update and delete pages of a plain resource under /support<path>. */
export function resourcePages<T extends { id: string }>(
  app: Hono<AppEnv>,
  def: ResourcePageDef<T>,
) {
  const base = `/support${def.path}`;
  const home = `/support${def.home ?? def.path}`;
  const panel = async (c: C, flash?: Flash) => {
    const filters = (await def.filters?.(c)) ?? [];
    const query: Record<string, string> = {};
    for (const k of ["q", "cursor", ...filters.map((f) => f.name)]) {
      const v = c.req.query(k);
      if (v) query[k] = v.slice(0, 500);
    }
    const { cursor, q, ...rest } = query;
    const data = await def.ops.list(c.var.sql, { limit: 25, cursor, q, ...rest }) as {
      items: T[];
      nextCursor: string | null;
    };
    return (
      <ResourcePanel
        l={c.var.locale}
        base={base}
        panelId={def.key}
        items={data.items}
        nextCursor={data.nextCursor}
        query={query}
        columns={def.columns}
        fields={await def.fields(c)}
        filters={filters}
        canWrite={hasPermission(c.var.session.permissions, def.write)}
        flash={flash}
        values={def.values}
      >
        {def.extra && await def.extra(c)}
      </ResourcePanel>
    );
  };
  const title = (c: C) => tr(c)(def.titleKey);
  const write = async (
    c: C,
    schema: z.ZodType,
    update: boolean,
    run: (data: unknown) => Promise<unknown>,
    okKey: string,
  ) => {
    const form = await readForm(c);
    const input = formInput(form, await def.fields(c), update);
    const body = def.toInput ? def.toInput(input, form) : input;
    const { flash, status } = await formAction(schema, body, async (data) => {
      await run(data);
      return { kind: "ok", text: tr(c)(okKey) };
    });
    return afterPost(c, home, status) ?? respond(c, title(c), await panel(c, flash), status);
  };
  const id = ID_PARAM;
  app.get(def.path, requirePermission(def.read), async (c) => respond(c, title(c), await panel(c)));
  app.post(
    def.path,
    requirePermission(def.write),
    (c) =>
      write(
        c,
        def.create,
        false,
        (d) => def.ops.create(c.var.sql, d as Record<string, unknown>),
        "support.created",
      ),
  );
  app.post(
    `${def.path}/${id}`,
    requirePermission(def.write),
    (c) =>
      write(
        c,
        def.update,
        true,
        (d) => def.ops.update(c.var.sql, c.req.param("id")!, d as Record<string, unknown>),
        "support.saved",
      ),
  );
  app.post(`${def.path}/${id}/delete`, requirePermission(def.write), async (c) => {
    const { flash, status } = await formAction(z.object({}), {}, async () => {
      await def.ops.remove(c.var.sql, c.req.param("id")!);
      return { kind: "ok", text: tr(c)("support.deleted") };
    });
    return afterPost(c, home, status) ?? respond(c, title(c), await panel(c, flash), status);
  });
  return panel;
}
