import type { Hono } from "hono";
import type { ComponentChildren } from "preact";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../shared/http/env.ts";
import type { MessageKey } from "../../../shared/i18n/i18n.ts";
import { type C, isHtmx, problemFlash, readForm, type Status } from "../../../shared/http/pages.ts";
import { hasPermission, requirePermission } from "../../../shared/rbac/permissions.ts";
import { type Crumb, html, page, tr } from "../../../ui/kit.ts";
import type { FieldDef, Flash } from "./ui.view.tsx";
import {
  type Column,
  formId,
  type FormState,
  NewResourceDialog,
  ResourceForm,
  ResourcePanel,
} from "./resource.view.tsx";
import type { CrudOps } from "./crud.service.ts";
import { ID_PARAM } from "../../../shared/http/ids.ts";
import { actorOf } from "../../../shared/http/actor.ts";
import { problems } from "../../../shared/http/problem.ts";
import type { Sql } from "../../../shared/db/database.ts";
import { SupportAssets } from "./assets.view.tsx";

/** The module's pages lead back to its dashboard. */
export const supportCrumbs = (c: C, ...more: Crumb[]): Crumb[] => [
  { label: tr(c)("module.support"), href: "/support" },
  ...more,
];

export interface RespondOptions {
  status?: Status;
  crumbs?: Crumb[];
  actions?: ComponentChildren;
  description?: ComponentChildren;
  /** Always the whole page (forms that swap the page's content, e.g. the ticket page's). */
  whole?: boolean;
}

/** htmx swaps the panel; a plain request gets the whole page (with the module's styles). */
export async function respond(
  c: C,
  title: string,
  panel: ComponentChildren,
  options: Status | RespondOptions = {},
) {
  const opts = typeof options === "number" ? { status: options } : options;
  if (isHtmx(c) && !c.req.header("HX-Boosted") && !opts.whole) {
    return html(c, <>{panel}</>, opts.status ?? 200);
  }
  return await page(
    c,
    title,
    <>
      <SupportAssets />
      {panel}
    </>,
    {
      status: opts.status,
      crumbs: opts.crumbs ?? supportCrumbs(c),
      actions: opts.actions,
      description: opts.description,
    },
  );
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

/**
 * Zod issues in the reader's words: each under the field it concerns ("Check this field"),
 * and one line naming them above the form. Paths that name no field of the form (nested
 * input such as a calendar) are matched by their last part, else counted in the line only.
 */
export function issuesState(
  c: C,
  fields: FieldDef[],
  issues: readonly { path: PropertyKey[] }[],
): Pick<FormState, "flash" | "errors"> {
  const t = tr(c);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const errors: Record<string, string> = {};
  const labels = new Set<string>();
  for (const issue of issues) {
    const parts = issue.path.map(String);
    const f = byName.get(parts[0]) ?? byName.get(parts[parts.length - 1] ?? "");
    if (f) {
      errors[f.name] = t("support.checkField");
      labels.add(t(f.labelKey));
    }
  }
  const text = labels.size
    ? t("support.checkFields", { fields: [...labels].join(", ") })
    : t("support.invalidForm");
  return { flash: { kind: "error", text }, errors };
}

type Savepoints = { savepoint<T>(fn: (sql: Sql) => Promise<T>): Promise<T> };

/** What a refused row (a database rule) means to people; undefined for other failures. */
function constraintProblem(c: C, err: unknown) {
  const code = (err as { code?: unknown })?.code;
  if (code === "23505") return problems.conflict(tr(c)("support.error.duplicate"));
  if (code === "23514" || code === "23503" || code === "23502") {
    return problems.unprocessable(tr(c)("support.error.rule"));
  }
  return undefined;
}

/**
 * Runs a page's write in a savepoint: when the database refuses the row (a unique or check
 * rule), only the savepoint rolls back and the request's transaction can still draw the
 * answer (the form with its message) instead of failing as a whole.
 */
export async function guardedWrite<T>(c: C, run: (sql: Sql) => Promise<T>): Promise<T> {
  try {
    return await (c.var.sql as unknown as Savepoints).savepoint(run);
  } catch (err) {
    throw constraintProblem(c, err) ?? err;
  }
}

// deno-lint-ignore no-explicit-any
export interface ResourcePageDef<T extends { id: string }, In = any, Patch = any> {
  path: string;
  key: string;
  titleKey: MessageKey;
  /** Label of the create action ("New customer"). */
  newKey?: MessageKey;
  /** Icon of the empty list. */
  icon?: string;
  read: string;
  write: string;
  ops: CrudOps<T, In, Patch>;
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
  /** false: no search box (a short list shown inside another page, e.g. teams). */
  searchable?: boolean;
}

/** A resource's panel, its create dialog (for the page header) and how to draw them. */
export interface ResourcePanelParts {
  panel: (c: C, flash?: Flash) => Promise<ComponentChildren>;
  /** The header's "New …" dialog, for those who may write; undefined otherwise. */
  newDialog: (c: C) => Promise<ComponentChildren>;
}

/** List, create, update and delete pages of a plain resource under /support<path>. */
// deno-lint-ignore no-explicit-any
export function resourcePages<T extends { id: string }, In = any, Patch = any>(
  app: Hono<AppEnv>,
  def: ResourcePageDef<T, In, Patch>,
): ResourcePanelParts {
  const base = `/support${def.path}`;
  const home = `/support${def.home ?? def.path}`;
  const canWrite = (c: C) => hasPermission(c.var.session.permissions, def.write);
  const panel = async (c: C, flash?: Flash) => {
    const filters = (await def.filters?.(c)) ?? [];
    const query: Record<string, string> = {};
    // A panel shown inside another page (teams on the organizations page) leaves that page's
    // query (its search and cursor) alone.
    const own = !def.home || c.req.path === base;
    const keys = !own
      ? []
      : def.searchable === false
      ? ["cursor"]
      : ["q", "cursor", ...filters.map((f) => f.name)];
    for (const k of keys) {
      const v = c.req.query(k);
      if (v) query[k] = v.slice(0, 500);
    }
    const { cursor, q, ...rest } = query;
    const data = await def.ops.list(actorOf(c), { limit: 25, cursor, q, ...rest });
    return (
      <ResourcePanel
        base={base}
        panelId={def.key}
        title={tr(c)(def.titleKey)}
        items={data.items}
        nextCursor={data.nextCursor}
        query={query}
        columns={def.columns}
        fields={await def.fields(c)}
        filters={filters}
        canWrite={canWrite(c)}
        flash={flash}
        values={def.values}
        icon={def.icon}
        searchable={def.searchable !== false}
      >
        {def.extra && await def.extra(c)}
      </ResourcePanel>
    );
  };
  const newDialog = async (c: C) =>
    canWrite(c)
      ? (
        <NewResourceDialog
          base={base}
          panelId={def.key}
          fields={await def.fields(c)}
          title={tr(c)(def.newKey ?? "support.add")}
        />
      )
      : undefined;
  const title = (c: C) => tr(c)(def.titleKey);
  const full = async (c: C, flash?: Flash, status: Status = 200) =>
    respond(c, title(c), await panel(c, flash), { status, actions: await newDialog(c) });

  /**
   * A create or edit post. Success: htmx gets the panel with the message (and its dialog is
   * closed), a plain post a redirect. Failure: htmx gets the form again with the values sent
   * and the errors, swapped in place of the form (the dialog stays open); a plain post gets the
   * page with the message.
   */
  const write = async (
    c: C,
    schema: z.ZodType,
    rowId: string | undefined,
    run: (data: unknown) => Promise<unknown>,
    okKey: MessageKey,
  ) => {
    const fields = await def.fields(c);
    const form = await readForm(c);
    const input = formInput(form, fields, !!rowId);
    const body = def.toInput ? def.toInput(input, form) : input;
    let failed: { state: FormState; status: Status } | undefined;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      failed = {
        state: { values: form, ...issuesState(c, fields, parsed.error.issues) },
        status: 400,
      };
    } else {
      try {
        await run(parsed.data);
      } catch (err) {
        const { flash, status } = problemFlash(err);
        if (status === 404) throw err;
        failed = { state: { values: form, flash }, status };
      }
    }
    if (!failed) {
      if (!isHtmx(c)) return c.redirect(home, 303);
      c.header("HX-Trigger", "dialog-close");
      return html(
        c,
        <>
          {await panel(c, { kind: "ok", text: tr(c)(okKey) })}
          {!rowId && (
            <div hx-swap-oob={`innerHTML:#${def.key}-new .dialog-body`}>
              <ResourceForm
                base={base}
                panelId={def.key}
                fields={fields}
                submitLabel={tr(c)("support.add")}
              />
            </div>
          )}
        </>,
      );
    }
    if (isHtmx(c)) {
      c.header("HX-Retarget", `#${formId(def.key, rowId)}`);
      c.header("HX-Reswap", "outerHTML");
      return html(
        c,
        <ResourceForm
          base={base}
          panelId={def.key}
          fields={fields}
          rowId={rowId}
          state={failed.state}
          submitLabel={tr(c)(rowId ? "support.save" : "support.add")}
        />,
        failed.status,
      );
    }
    return await full(c, failed.state.flash, failed.status);
  };
  const id = ID_PARAM;
  app.get(def.path, requirePermission(def.read), (c) => full(c));
  app.post(
    def.path,
    requirePermission(def.write),
    (c) =>
      write(
        c,
        def.create,
        undefined,
        (d) => guardedWrite(c, (sql) => def.ops.create(actorOf(c, sql), d as In)),
        "support.created",
      ),
  );
  app.post(`${def.path}/${id}`, requirePermission(def.write), async (c) => {
    const rowId = c.req.param("id")!;
    await def.ops.get(actorOf(c), rowId); // another tenant's id: 404 before anything else
    return write(
      c,
      def.update,
      rowId,
      (d) =>
        guardedWrite(
          c,
          (sql) => def.ops.update(actorOf(c, sql), { id: rowId, patch: d as Patch }),
        ),
      "support.saved",
    );
  });
  app.post(`${def.path}/${id}/delete`, requirePermission(def.write), async (c) => {
    let flash: Flash;
    let status: Status = 200;
    try {
      await guardedWrite(c, (sql) => def.ops.remove(actorOf(c, sql), c.req.param("id")!));
      flash = { kind: "ok", text: tr(c)("support.deleted") };
    } catch (err) {
      ({ flash, status } = problemFlash(err));
      if (status === 404) throw err;
      // Still in use (a customer with tickets): said in the reader's words.
      if (status === 409) flash = { kind: "error", text: tr(c)("support.error.inUse") };
    }
    return afterPost(c, home, status) ??
      (isHtmx(c) ? html(c, <>{await panel(c, flash)}</>, status) : full(c, flash, status));
  });
  return { panel, newDialog };
}
