import "./translations.messages.ts";
import { Hono } from "hono";
import type { VNode } from "preact";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { type C, isHtmx, redirectAfterPost } from "../../shared/http/pages.ts";
import { Problem, problems } from "../../shared/http/problem.ts";
import {
  hasPermission,
  requirePermission,
  TRANSLATIONS_WRITE,
} from "../../shared/rbac/permissions.ts";
import { hasMessageKey, replaceCurrentOverrides, t } from "../../shared/i18n/i18n.ts";
import type { ShellModule } from "../../shared/modules.ts";
import { readTenantTranslations } from "./translations.cache.service.ts";
import {
  addLanguage,
  removeLanguage,
  resetTranslation,
  setTranslation,
  translationRow,
  translationTable,
} from "./translations.service.ts";
import { Dialog, html, page } from "../../ui/kit.ts";
import type { Editing } from "./cell.view.tsx";
import { TranslationsStyles } from "./styles.view.tsx";
import { filterQuery, type TranslationsFilter } from "./filter.view.tsx";
import { AddLanguageForm, type Flash, TranslationsPanel } from "./panel.view.tsx";
import { type RowNote, TranslationRowView, TranslationsTable } from "./table.view.tsx";

/** Where the one translations editor lives, and who may read and change it. */
export const TRANSLATIONS_PATH = "/admin/translations";
export const TRANSLATIONS_READ = "admin.translation.read";

const PAGE_SIZE = 100;

/** A partial: no shell, so htmx can swap a table row or a form. */
const partial = (c: C, vnode: VNode, status: ContentfulStatusCode = 200) => html(c, vnode, status);

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

/** The groups a message key belongs to: a module's own keys, its menu labels; the rest is the platform's. */
export function keyGroups(modules: readonly ShellModule[]) {
  const names = new Set(modules.map((m) => m.name));
  const labels = new Map<string, string>();
  for (const m of modules) {
    labels.set(m.labelKey, m.name);
    for (const e of m.menu) labels.set(e.labelKey, m.name);
  }
  const groupOf = (key: string) => {
    const first = key.split(".", 1)[0];
    return names.has(first) ? first : labels.get(key) ?? "platform";
  };
  return { groupOf, groups: ["platform", ...modules.map((m) => m.name)] };
}

function filterOf(input: Record<string, string | undefined>, groups: string[]): TranslationsFilter {
  const offset = Number.parseInt(input.offset ?? "", 10);
  const module = (input.module ?? "").trim();
  return {
    q: (input.q ?? "").trim().slice(0, 200),
    missing: ["1", "on", "true"].includes(input.missing ?? ""),
    offset: Number.isFinite(offset) && offset > 0 ? offset : 0,
    module: groups.includes(module) ? module : "",
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
 * The translations editor at /admin/translations: every message of every module, grouped by
 * module, with its text per language; a filter (search, module, only missing), inline edits
 * and resets (htmx swaps the row; plain form posts get the whole page back) and extra
 * languages. Reading needs admin.translation.read, changing admin.translation.write.
 */
export function adminTranslationsPages() {
  const base = TRANSLATIONS_PATH;
  const canWrite = (c: C) => hasPermission(c.var.session.permissions, TRANSLATIONS_WRITE);
  const groupsOf = (c: C) => keyGroups(c.var.platform.modules);
  const filterFrom = (c: C, input: Record<string, string | undefined>) =>
    filterOf(input, groupsOf(c).groups);

  const tableOf = async (c: C, filter: TranslationsFilter) => {
    const { groupOf, groups } = groupsOf(c);
    return await translationTable(actorOf(c), {
      q: filter.q,
      missing: filter.missing,
      offset: filter.offset,
      limit: PAGE_SIZE,
      groupOf,
      groups,
      group: filter.module || undefined,
    });
  };

  async function panel(
    c: C,
    filter: TranslationsFilter,
    extra: { flash?: Flash; editing?: Editing } = {},
  ) {
    return (
      <TranslationsPanel
        base={base}
        filter={filter}
        table={await tableOf(c, filter)}
        canWrite={canWrite(c)}
        modules={groupsOf(c).groups}
        {...extra}
      />
    );
  }

  async function fullPage(
    c: C,
    filter: TranslationsFilter,
    extra: { flash?: Flash; editing?: Editing; newLanguage?: { locale: string; name: string } } =
      {},
    status: Status = 200,
  ) {
    const l = c.var.locale;
    const { newLanguage, ...rest } = extra;
    const body = (
      <>
        <TranslationsStyles />
        {await panel(c, filter, rest)}
      </>
    );
    return await page(c, t(l, "nav.translations"), body, {
      status,
      crumbs: [{ label: t(l, "nav.admin") }],
      description: t(l, "translations.intro"),
      actions: canWrite(c) && (
        <Dialog
          id="add-language"
          title={t(l, "translations.addLanguage")}
          trigger={t(l, "translations.addLanguage")}
          icon="plus"
          closeLabel={t(l, "ui.close")}
        >
          <AddLanguageForm base={base} filter={filter} value={newLanguage} />
        </Dialog>
      ),
    });
  }

  /** After a change the rest of this response (menu, titles) shows the new texts too. */
  const refresh = async (c: C) => replaceCurrentOverrides(await readTenantTranslations(actorOf(c)));

  async function rowResponse(
    c: C,
    filter: TranslationsFilter,
    key: string,
    state: { editing?: Editing; note?: RowNote },
    status: Status,
  ) {
    const { languages, row } = await translationRow(actorOf(c), key);
    return partial(
      c,
      <TranslationRowView
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
    const filter = filterFrom(c, form);
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
    return await fullPage(c, filter, { flash, editing }, status);
  }

  const read = requirePermission(TRANSLATIONS_READ);
  const write = requirePermission(TRANSLATIONS_WRITE);

  return new Hono<AppEnv>()
    .get("/", read, async (c) => {
      const filter = filterFrom(c, c.req.query());
      if (swapsPart(c) && c.req.header("HX-Target") === "translations-table") {
        return partial(
          c,
          <TranslationsTable
            base={base}
            filter={filter}
            table={await tableOf(c, filter)}
            canWrite={canWrite(c)}
          />,
        );
      }
      const key = c.req.query("key");
      const locale = c.req.query("edit");
      const editing = key && locale && canWrite(c) ? { key, locale } : undefined;
      return await fullPage(c, filter, { editing });
    })
    .get("/row", read, async (c) => {
      const q = c.req.query();
      const filter = filterFrom(c, q);
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
        await setTranslation(actorOf(c), {
          locale: f.locale ?? "",
          key: f.key ?? "",
          value: f.value ?? "",
        });
      }, t(c.var.locale, "translations.saved")))
    .post("/reset", write, (c) =>
      cellChange(c, async (f) => {
        await resetTranslation(actorOf(c), { locale: f.locale ?? "", key: f.key ?? "" });
      }, t(c.var.locale, "translations.wasReset")))
    .post("/languages", write, async (c) => {
      const form = await readForm(c);
      const filter = filterFrom(c, form);
      const locale = (form.locale ?? "").trim();
      const name = (form.name ?? "").trim();
      let added = "";
      const { error, status } = await attempt(async () => {
        added = (await addLanguage(actorOf(c), { locale, name })).name;
      });
      if (!error) await refresh(c);
      if (swapsPart(c)) {
        // The dialog's form: refused, it comes back with why; added, the page reloads.
        if (!error) return redirectAfterPost(c, `${base}${filterQuery(filter)}`);
        return partial(
          c,
          <AddLanguageForm
            base={base}
            filter={filter}
            value={{ locale, name }}
            error={error}
          />,
          status,
        );
      }
      const flash: Flash = error
        ? { kind: "error", text: error }
        : { kind: "ok", text: t(c.var.locale, "translations.languageAdded", { language: added }) };
      return await fullPage(
        c,
        filter,
        { flash, newLanguage: error ? { locale, name } : undefined },
        status,
      );
    })
    .post("/languages/remove", write, async (c) => {
      const form = await readForm(c);
      const filter = filterFrom(c, form);
      const locale = (form.locale ?? "").trim();
      const { error, status } = await attempt(() => removeLanguage(actorOf(c), locale));
      if (!error) await refresh(c);
      if (swapsPart(c) && !error) return redirectAfterPost(c, `${base}${filterQuery(filter)}`);
      const flash: Flash = error ? { kind: "error", text: error } : {
        kind: "ok",
        text: t(c.var.locale, "translations.languageRemoved", { language: locale }),
      };
      return await fullPage(c, filter, { flash }, status);
    });
}

export interface TranslationsPageOptions {
  /** Absolute path the old page was mounted at, e.g. /support/translations. */
  base: string;
  read?: string;
  write?: string;
  titleKey?: string;
}

/**
 * A module's former translations page: every texts is edited on the one editor under
 * administration now, so its URLs (and bookmarks) lead there, filtered to that module.
 */
export function translationsPages(opts: TranslationsPageOptions) {
  const module = opts.base.split("/").filter(Boolean)[0] ?? "";
  const target = `${TRANSLATIONS_PATH}?${new URLSearchParams({ module })}`;
  return new Hono<AppEnv>().get("*", (c) => c.redirect(target, 302));
}
