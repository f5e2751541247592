/**
 * The public and embedded sheet: outside the signed-in shell (no sidebar, no links into the
 * app), read-only, charts drawn on the server as SVG (no script needed). Public links show the
 * sheet's filter bar; embeds show the token's locked values as chips, and a small form for
 * other filters only when the token allows it.
 */
import type { ComponentChildren } from "preact";
import { Document, type Theme } from "../../../ui/document.tsx";
import {
  Badge,
  Button,
  Card,
  DateTime,
  Field,
  Icon,
  IconButton,
  Toast,
  useReader,
  useT,
} from "../../../ui/kit.ts";
import type { Widget } from "../dashboard/widgets.schemas.ts";
import { type Body, WidgetBody } from "../dashboard/dashboard.view.tsx";
import { FilterBar } from "../dashboard/dashboard.forms.view.tsx";
import { cellText } from "../dashboard/dashboard.cells.lib.ts";
import type { FilterState } from "../dashboard/dashboard.filters.lib.ts";
import type { ResultColumn } from "../query/query.types.schemas.ts";

export interface PublicWidget {
  widget: Widget;
  body: Body;
}

function Frame(
  { title, theme, refresh, embed, children }: {
    title: string;
    theme: Theme;
    refresh?: number | null;
    embed?: boolean;
    children: ComponentChildren;
  },
) {
  const { locale } = useReader();
  const t = useT();
  return (
    <Document
      locale={locale}
      theme={theme}
      title={`${title} · ${t("analytics.share.publicTitle")}`}
      head={
        <>
          <meta name="robots" content="noindex" />
          <meta name="referrer" content="no-referrer" />
          {refresh ? <meta http-equiv="refresh" content={String(refresh)} /> : null}
          <link rel="stylesheet" href="/assets/analytics-dashboard.css" />
          <link rel="stylesheet" href="/assets/analytics-sharing.css" />
        </>
      }
    >
      <body class={`standalone pub-page${embed ? " pub-embed" : ""}`}>
        <main id="content" class="pub-main">{children}</main>
      </body>
    </Document>
  );
}

function Grid(
  { widgets, csvBase, query }: { widgets: PublicWidget[]; csvBase: string | null; query: string },
) {
  const t = useT();
  if (!widgets.length) return <p class="muted">{t("analytics.dash.emptySheet")}</p>;
  return (
    <div class="pub-grid">
      {widgets.map(({ widget, body }) => (
        <section
          class={`card dash-widget pub-widget pub-w-${widget.w} pub-h-${Math.min(widget.h, 8)}`}
          aria-label={widget.title}
          data-widget={widget.id}
        >
          <header class="dash-widget-head">
            <h2 class="dash-widget-title">{widget.title}</h2>
            {csvBase && (
              <div class="dash-widget-actions">
                <IconButton
                  icon="file-spreadsheet"
                  label={t("analytics.dash.csv")}
                  href={`${csvBase}/widgets/${widget.id}/export.csv${query}`}
                  download=""
                />
              </div>
            )}
          </header>
          <div class="dash-widget-body">
            <WidgetBody
              widget={widget}
              body={body}
              width={widget.w * 100}
              height={widget.h * 70 - 56}
            />
          </div>
        </section>
      ))}
    </div>
  );
}

/** A public link's page: the sheet, its filter bar, its widgets. */
export function PublicSheetPage(
  p: {
    path: string;
    name: string;
    theme: Theme;
    refresh: number | null;
    expiresAt: string | null;
    allowCsv: boolean;
    f: FilterState;
    fields: ResultColumn[];
    dateFields: ResultColumn[];
    widgets: PublicWidget[];
  },
) {
  const t = useT();
  return (
    <Frame title={p.name} theme={p.theme} refresh={p.refresh}>
      <p class="pub-kicker">
        <Icon name="link" size={16} />
        <span>{t("analytics.share.sharedSheet")}</span>
      </p>
      <h1>{p.name}</h1>
      {p.expiresAt && (
        <p class="muted">
          {t("analytics.share.availableUntil")} <DateTime at={p.expiresAt} />
        </p>
      )}
      <div class="dash-bar">
        <FilterBar f={p.f} sheetPath={p.path} dateFields={p.dateFields} fields={p.fields} />
      </div>
      <Grid widgets={p.widgets} csvBase={p.allowCsv ? p.path : null} query={p.f.query()} />
    </Frame>
  );
}

/** An embed: the sheet with the token's filters locked. */
export function EmbedSheetPage(
  p: {
    name: string;
    theme: Theme;
    refresh: number | null;
    token: string;
    locked: [string, string][];
    editable: boolean;
    own: [string, string][];
    fields: ResultColumn[];
    widgets: PublicWidget[];
  },
) {
  const t = useT();
  const { locale } = useReader();
  const column = (name: string) => p.fields.find((x) => x.name === name);
  const label = (name: string) => column(name)?.label ?? name;
  const value = (name: string, v: string) => {
    const col = column(name);
    return col ? cellText(locale, col, v) || v : v;
  };
  return (
    <Frame title={p.name} theme={p.theme} refresh={p.refresh} embed>
      <h1 class="pub-embed-title">{p.name}</h1>
      {(p.locked.length > 0 || p.editable) && (
        <div class="dash-bar">
          {p.editable && (
            <form
              class="filters dash-filters"
              method="get"
              action="/embed/analytics"
              role="search"
              aria-label={t("analytics.dash.filters")}
            >
              <input type="hidden" name="token" value={p.token} />
              {p.own.map(([f, v]) => <input type="hidden" name="where" value={`${f}:${v}`} />)}
              <Field label={t("analytics.dash.field")}>
                <select name="wf">
                  <option value="">{t("analytics.dash.anyField")}</option>
                  {p.fields.filter((x) => !p.locked.some(([f]) => f === x.name)).map((d) => (
                    <option value={d.name}>{d.label}</option>
                  ))}
                </select>
              </Field>
              <Field label={t("analytics.dash.value")}>
                <input type="text" name="wv" maxLength={200} />
              </Field>
              <Button type="submit" variant="secondary" icon="filter">
                {t("analytics.dash.apply")}
              </Button>
            </form>
          )}
          <ul class="dash-chips" aria-label={t("analytics.share.lockedFilters")}>
            {p.locked.map(([f, v]) => (
              <li>
                <Badge tone="gray">
                  <Icon name="lock" size={12} /> {label(f)}: {value(f, v)}
                </Badge>
              </li>
            ))}
            {p.own.map(([f, v]) => (
              <li>
                <Badge tone="blue">{label(f)}: {value(f, v)}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Grid widgets={p.widgets} csvBase={null} query="" />
    </Frame>
  );
}

/** The password form of a protected link (and its error). */
export function PasswordPage(
  { path, theme, error }: { path: string; theme: Theme; error?: string },
) {
  const t = useT();
  return (
    <Frame title={t("analytics.share.sharedSheet")} theme={theme}>
      <div class="pub-narrow">
        <p class="pub-kicker">
          <Icon name="lock" size={16} />
          <span>{t("analytics.share.sharedSheet")}</span>
        </p>
        <h1>{t("analytics.share.passwordTitle")}</h1>
        <Toast flash={error ? { kind: "error", text: error } : undefined} />
        <Card>
          <form method="post" action={path} class="form-grid">
            <Field
              label={t("analytics.share.password")}
              hint={t("analytics.share.passwordAsk")}
              wide
            >
              <input
                id="pub-pw"
                name="password"
                type="password"
                autocomplete="current-password"
                required
                autofocus
              />
            </Field>
            <div class="form-actions field-wide">
              <Button type="submit" icon="lock-open">{t("analytics.share.open")}</Button>
            </div>
          </form>
        </Card>
      </div>
    </Frame>
  );
}

/** A link or token that does not work: gone (404), refused (401/403). Nothing else is told. */
export function RefusedPage(
  { theme, title, text }: { theme: Theme; title: string; text: string },
) {
  return (
    <Frame title={title} theme={theme}>
      <div class="pub-narrow">
        <h1>{title}</h1>
        <p>{text}</p>
      </div>
    </Frame>
  );
}
