import { Hono } from "hono";
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../../shared/http/env.ts";
import { type C, isHtmx } from "../../shared/http/pages.ts";
import { Problem, problems } from "../../shared/http/problem.ts";
import { hasPermission, requirePermission } from "../../shared/rbac/permissions.ts";
import { hasMessageKey, replaceCurrentOverrides, t } from "../../shared/i18n/i18n.ts";
import { readTenantTranslations } from "./translations.cache.ts";
import {
  addLanguage,
  removeLanguage,
  resetTranslation,
  setTranslation,
  translationRow,
  translationTable,
} from "./translations.service.ts";
import { page } from "../../ui/render.tsx";
import type { Editing } from "./cell.view.tsx";
import { filterQuery, type TranslationsFilter } from "./filter.view.tsx";
import { type Flash, TranslationsPanel } from "./panel.view.tsx";
import { type RowNote, TranslationRowView, TranslationsTable } from "./table.view.tsx";

export interface TranslationsPageOptions {
  /** Absolute path the page is mounted at, e.g. /support/translations. */
  base: string;
  /** Permission to see the page; writing needs `write`. */
  read: string;
  write: string;
  /** i18n key of the page title. */
  titleKey?: string;
}

const PAGE_SIZE = 100;

/** A partial: no doctype, so htmx can swap a table row. */
const partial = (c: C, vnode: VNode, status: ContentfulStatusCode = 200) =>
  c.html(renderToString(vnode), status);

/** htmx swaps part of the page, except when it restores history (that needs the whole page). */
const swapsPart = (c: C) => isHtmx(c) && !c.req.header("HX-History-Restore-Request");

async function readForm(c: C): Promise<Record<string, string>> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw problems.badRequest("The form could not be read.");
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === "string") out[k] = v;
  return out;
}

function filterOf(input: Record<string, string | undefined>): TranslationsFilter {
  const offset = Number.parseInt(input.offset ?? "", 10);
  return {
    q: (input.q ?? "").trim().slice(0, 200),
    missing: ["1", "on", "true"].includes(input.missing ?? ""),
    offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
  };
}

/** What a refused change says: the field messages of a 400, else the problem's detail. */
const messageOf = (err: Problem) =>
  err.errors?.length ? err.errors.map((e) => e.message).join(" ") : err.detail ?? err.title;

type Status = 200 | 400 | 403 | 404 | 409 | 422;

/** Runs a change; refusals (4xx problems) come back as a message instead of an error page. */
async function attempt(run: () => Promise<void>): Promise<{ error?: string; status: Status }> {
  try {
    await run();
    return { status: 200 };
  } catch (err) {
    if (err instanceof Problem && err.status < 500) {
      return { error: messageOf(err), status: err.status as Status };
    }
    throw err;
  }
}

/**
 * The translations page of a module's menu: every key with its text per language, a filter,
 * inline edits and resets (htmx swaps the row; plain form posts get the whole page back) and
 * extra languages. One implementation, mounted by each module that lists "translations".
 */
export function translationsPages(opts: TranslationsPageOptions) {
  const { base } = opts;
  const titleKey = opts.titleKey ?? "page.translations";
  const canWrite = (c: C) => hasPermission(c.var.session.permissions, opts.write);

  async function panel(
    c: C,
    filter: TranslationsFilter,
    extra: {
      flash?: Flash;
      editing?: Editing;
      newLanguage?: { locale: string; name: string };
    } = {},
  ) {
    const table = await translationTable(c.var.sql, { ...filter, limit: PAGE_SIZE });
    return (
      <TranslationsPanel
        l={c.var.locale}
        base={base}
        filter={filter}
        table={table}
        canWrite={canWrite(c)}
        writePermission={opts.write}
        {...extra}
      />
    );
  }

  const fullPage = async (c: C, body: VNode, status: Status = 200) =>
    await page(c, t(c.var.locale, titleKey), body, status);

  /** After a change the rest of this response (menu, titles) shows the new texts too. */
  const refresh = async (c: C) => replaceCurrentOverrides(await readTenantTranslations(c.var.sql));

  async function rowResponse(
    c: C,
    filter: TranslationsFilter,
    key: string,
    state: { editing?: Editing; note?: RowNote },
    status: Status,
  ) {
    const { languages, row } = await translationRow(c.var.sql, key);
    return partial(
      c,
      <TranslationRowView
        l={c.var.locale}
        base={base}
        filter={filter}
        languages={languages}
        row={row}
        canWrite={canWrite(c)}
        {...state}
      />,
      status,
    );
  }

  /** Save and reset share this: row swap for htmx, the whole page (with a message) otherwise. */
  async function cellChange(
    c: C,
    change: (f: Record<string, string>) => Promise<void>,
    done: string,
  ) {
    const form = await readForm(c);
    const filter = filterOf(form);
    const key = form.key ?? "";
    const locale = form.locale ?? "";
    const { error, status } = await attempt(() => change(form));
    if (!error) await refresh(c);
    const editing = error ? { key, locale, value: form.value, error } : undefined;
    if (swapsPart(c) && hasMessageKey(key)) {
      const note = error ? undefined : { locale, text: done };
      return await rowResponse(c, filter, key, { editing, note }, status);
    }
    const flash: Flash = error ? { kind: "error", text: error } : { kind: "ok", text: done };
    if (swapsPart(c)) {
      return partial(c, <p class="alert error" role="alert">{flash.text}</p>, status);
    }
    return await fullPage(c, await panel(c, filter, { flash, editing }), status);
  }

  const read = requirePermission(opts.read);
  const write = requirePermission(opts.write);

  return new Hono<AppEnv>()
    .get("/", read, async (c) => {
      const filter = filterOf(c.req.query());
      if (swapsPart(c) && c.req.header("HX-Target") === "translations-table") {
        const table = await translationTable(c.var.sql, { ...filter, limit: PAGE_SIZE });
        return partial(
          c,
          <TranslationsTable
            l={c.var.locale}
            base={base}
            filter={filter}
            table={table}
            canWrite={canWrite(c)}
          />,
        );
      }
      const key = c.req.query("key");
      const locale = c.req.query("edit");
      const editing = key && locale && canWrite(c) ? { key, locale } : undefined;
      return await fullPage(c, await panel(c, filter, { editing }));
    })
    .get("/row", read, async (c) => {
      const q = c.req.query();
      const filter = filterOf(q);
      const key = q.key ?? "";
      if (!swapsPart(c)) {
        return c.redirect(
          `${base}${filterQuery(filter, q.edit ? { key, edit: q.edit } : {})}`,
          303,
        );
      }
      if (!hasMessageKey(key)) {
        throw problems.notFound(`There is no message with the key "${key}".`);
      }
      const editing = q.edit && canWrite(c) ? { key, locale: q.edit } : undefined;
      return await rowResponse(c, filter, key, { editing }, 200);
    })
    .post("/save", write, (c) =>
      cellChange(c, async (f) => {
        await setTranslation(c.var.sql, c.var.session.tenantId, {
          locale: f.locale ?? "",
          key: f.key ?? "",
          value: f.value ?? "",
        });
      }, t(c.var.locale, "translations.saved")))
    .post("/reset", write, (c) =>
      cellChange(c, async (f) => {
        await resetTranslation(c.var.sql, c.var.session.tenantId, f.locale ?? "", f.key ?? "");
      }, t(c.var.locale, "translations.wasReset")))
    .post("/languages", write, async (c) => {
      const form = await readForm(c);
      const filter = filterOf(form);
      const locale = (form.locale ?? "").trim();
      const name = (form.name ?? "").trim();
      let added = "";
      const { error, status } = await attempt(async () => {
        added = (await addLanguage(c.var.sql, c.var.session.tenantId, { locale, name })).name;
      });
      if (!error) await refresh(c);
      const flash: Flash = error
        ? { kind: "error", text: error }
        : { kind: "ok", text: t(c.var.locale, "translations.languageAdded", { language: added }) };
      const body = await panel(c, filter, {
        flash,
        newLanguage: error ? { locale, name } : undefined,
      });
      return swapsPart(c) ? partial(c, body, status) : await fullPage(c, body, status);
    })
    .post("/languages/remove", write, async (c) => {
      const form = await readForm(c);
      const filter = filterOf(form);
      const locale = (form.locale ?? "").trim();
      const { error, status } = await attempt(() =>
        removeLanguage(c.var.sql, c.var.session.tenantId, locale)
      );
      if (!error) await refresh(c);
      const flash: Flash = error ? { kind: "error", text: error } : {
        kind: "ok",
        text: t(c.var.locale, "translations.languageRemoved", { language: locale }),
      };
      const body = await panel(c, filter, { flash });
      return swapsPart(c) ? partial(c, body, status) : await fullPage(c, body, status);
    });
}
