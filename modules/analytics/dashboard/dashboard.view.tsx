/**
 * The dashboard of one sheet: the filter bar, the gridstack grid of widgets (first paint as
 * server-rendered SVG, then interactive on the client), the add-widget dialog and the drill
 * dialog. CSP is strict: behaviour lives in client/dashboard.js, data in data-attributes.
 */
import type { ComponentChildren } from "preact";
import { Button, formatNumber, IconButton, Kpi, useReader, useT } from "../../../ui/kit.ts";
import type { DatasetInfo, ResultColumn } from "../query/query.types.schemas.ts";
import type { Widget } from "./widgets.schemas.ts";
import { chartSvg } from "../cache/cache.svg.lib.ts";
import { CacheNote } from "../cache/cache.view.tsx";
import type { CacheMeta } from "../cache/cache.schemas.ts";
import type { FilterState } from "./dashboard.filters.lib.ts";
import { cellText } from "./dashboard.cells.lib.ts";
import { AddWidget, FilterBar } from "./dashboard.forms.view.tsx";
export { cellText };

export interface Body {
  kind: "chart" | "table" | "kpi" | "error";
  option?: Record<string, unknown> | null;
  keys?: string[];
  columns?: ResultColumn[];
  rows?: Record<string, unknown>[];
  kpi?: { value: number | null; previous: number | null; change: number | null } | null;
  message?: string;
  /** From the sheet's result cache: when it was computed (modules/analytics/cache). */
  cache?: CacheMeta;
}

function RowsTable(
  { columns, rows, caption }: {
    columns: ResultColumn[];
    rows: Record<string, unknown>[];
    caption: string;
  },
) {
  const { locale } = useReader();
  const shown = columns.filter((c) => !c.key);
  return (
    <div class="dash-table">
      <table class="table">
        <caption class="sr-only">{caption}</caption>
        <thead>
          <tr>{shown.map((c) => <th scope="col">{c.label}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((r) => <tr>{shown.map((c) => <td>{cellText(locale, c, r[c.name])}</td>)}</tr>)}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What one widget shows (also the fragment the page reloads on refresh), with when its result
 * was computed when the sheet keeps results.
 */
export function WidgetBody(
  p: { widget: Widget; body: Body; width: number; height: number },
) {
  return (
    <>
      <WidgetContent {...p} />
      {p.body.kind !== "error" && (
        <CacheNote widgetId={p.widget.id} title={p.widget.title} cache={p.body.cache} />
      )}
    </>
  );
}

function WidgetContent(
  { widget, body, width, height }: {
    widget: Widget;
    body: Body;
    width: number;
    height: number;
  },
) {
  const t = useT();
  const { locale } = useReader();
  if (body.kind === "error") {
    return <p class="dash-error" role="status">{body.message ?? t("analytics.dash.failed")}</p>;
  }
  if (body.kind === "kpi") {
    const k = body.kpi!;
    const trend = k.change === null ? undefined : t(
      k.change >= 0 ? "analytics.dash.kpiUp" : "analytics.dash.kpiDown",
      { pct: formatNumber(locale, Math.abs(k.change), 1) },
    );
    return (
      <div class="dash-kpi" data-kpi="">
        <Kpi
          label={widget.title}
          value={k.value === null ? "–" : formatNumber(locale, k.value, 0)}
          hint={trend}
          tone={k.change === null ? undefined : k.change >= 0 ? "green" : "red"}
        />
      </div>
    );
  }
  if (body.kind === "table") {
    return (
      <RowsTable
        columns={body.columns ?? []}
        rows={body.rows ?? []}
        caption={widget.title}
      />
    );
  }
  if (!body.rows?.length) return <p class="dash-empty muted">{t("analytics.dash.noData")}</p>;
  return (
    <div
      class="dash-chart"
      role="img"
      aria-label={widget.title}
      data-option={JSON.stringify(body.option)}
      data-keys={JSON.stringify(body.keys ?? [])}
      // deno-lint-ignore react-no-danger
      dangerouslySetInnerHTML={{ __html: chartSvg(body.option!, width, height) }}
    />
  );
}

function WidgetCard(
  { widget, body, canEdit, query, sheetPath }: {
    widget: Widget;
    body: Body;
    canEdit: boolean;
    query: string;
    sheetPath: string;
  },
) {
  const t = useT();
  const api = `/api/analytics/widgets/${widget.id}`;
  const dataset = widget.query.source.kind === "dataset" ? widget.query.source.name : "";
  return (
    <div
      class="grid-stack-item"
      gs-id={widget.id}
      gs-x={String(widget.x)}
      gs-y={String(widget.y)}
      gs-w={String(widget.w)}
      gs-h={String(widget.h)}
    >
      <section
        class="grid-stack-item-content card dash-widget"
        aria-label={widget.title}
        data-widget={widget.id}
        data-dataset={dataset}
        data-type={widget.chartType}
      >
        <header class="dash-widget-head">
          <h2 class="dash-widget-title">{widget.title}</h2>
          <div class="dash-widget-actions">
            <IconButton
              icon="file-spreadsheet"
              label={t("analytics.dash.csv")}
              href={`${api}/export.csv${query}`}
              download=""
            />
            {body.kind === "chart" && (
              <>
                <IconButton
                  icon="image"
                  label={t("analytics.dash.svg")}
                  href={`${api}/export.svg${query}`}
                  download=""
                />
                <IconButton
                  icon="image-down"
                  label={t("analytics.dash.png")}
                  data-png={widget.id}
                />
              </>
            )}
            <IconButton
              icon="bell-plus"
              label={t("analytics.alerts.createFor", { name: widget.title })}
              href={`/analytics/alerts/new?widget=${widget.id}`}
              hx-get={`/analytics/alerts/new?widget=${widget.id}`}
              hx-target="#dash-alert [data-alert-body]"
              hx-swap="innerHTML"
              data-dialog-open="dash-alert"
              data-alert-widget={widget.id}
            />
            {canEdit && (
              <IconButton
                icon="pencil"
                label={t("analytics.builder.editOf", { name: widget.title })}
                href={`${sheetPath}/builder/${widget.id}`}
                hx-get={`${sheetPath}/builder/${widget.id}`}
                hx-target="#dash-edit [data-edit-body]"
                hx-swap="innerHTML"
                data-dialog-open="dash-edit"
                data-edit-widget={widget.id}
              />
            )}
            {canEdit && (
              <form
                method="post"
                action={`${sheetPath}/widgets/${widget.id}/delete${query}`}
                data-confirm={t("analytics.dash.deleteConfirm", { name: widget.title })}
              >
                <IconButton
                  icon="trash-2"
                  label={t("analytics.dash.delete")}
                  type="submit"
                  variant="danger"
                />
              </form>
            )}
          </div>
        </header>
        <div class="dash-widget-body" data-body={widget.id}>
          <WidgetBody
            widget={widget}
            body={body}
            width={widget.w * 100}
            height={widget.h * 70 - 56}
          />
        </div>
      </section>
    </div>
  );
}

export interface DashboardProps {
  sheetId: string;
  sheetPath: string;
  widgets: { widget: Widget; body: Body }[];
  canEdit: boolean;
  refreshSeconds: number | null;
  f: FilterState;
  datasets: DatasetInfo[];
  /** The widget builder's add and edit dialogs (builder.view.tsx), for editors. */
  builder?: ComponentChildren;
  /** The sheet's saved filters (modules/analytics/filters/filters.view.tsx). */
  savedFilters?: ComponentChildren;
  /** The Share button and dialog (sharing.view.tsx), for those who manage the app. */
  share?: ComponentChildren;
  /** The sheet's result cache setting (modules/analytics/cache/cache.view.tsx), for editors. */
  cache?: ComponentChildren;
}

export function Dashboard(p: DashboardProps) {
  const t = useT();
  const used = new Set(
    p.widgets.map((w) =>
      w.widget.query.source.kind === "dataset" ? w.widget.query.source.name : ""
    ),
  );
  const onSheet = p.datasets.filter((d) => used.has(d.name));
  const fields = [
    ...new Map(onSheet.flatMap((d) => d.fields.filter((x) => !x.key)).map((x) => [x.name, x]))
      .values(),
  ];
  const dateFields = fields.filter((x) => x.type === "date" || x.type === "datetime");
  const query = p.f.query();
  return (
    <div
      class="dash"
      data-sheet={p.sheetId}
      data-refresh={p.refreshSeconds ? String(p.refreshSeconds) : ""}
      data-editable={p.canEdit ? "1" : ""}
      data-body-base="/analytics/widgets"
    >
      <link rel="stylesheet" href="/assets/gridstack.min.css" />
      <link rel="stylesheet" href="/assets/analytics-dashboard.css" />
      <script src="/assets/gridstack-all.js" defer></script>
      <script src="/assets/echarts.min.js" defer></script>
      <script src="/assets/analytics-dashboard.js" defer></script>
      {p.savedFilters}
      <div class="dash-bar">
        <FilterBar f={p.f} sheetPath={p.sheetPath} dateFields={dateFields} fields={fields} />
        <div class="dash-tools">
          <span class="muted dash-live" data-live="" aria-live="polite">
            {p.refreshSeconds
              ? t("analytics.dash.every", { n: p.refreshSeconds })
              : t("analytics.dash.liveOnly")}
          </span>
          {p.cache}
          {p.share}
          <Button variant="secondary" icon="mail" href={`${p.sheetPath}/subscriptions`}>
            {t("analytics.subs.subscribe")}
          </Button>
          {p.canEdit && (
            <>
              <Button variant="secondary" icon="move" data-arrange="" aria-pressed="false">
                {t("analytics.dash.arrange")}
              </Button>
              {p.builder ??
                <AddWidget datasets={p.datasets} action={`${p.sheetPath}/widgets${query}`} />}
            </>
          )}
        </div>
      </div>
      {p.widgets.length === 0 && <p class="muted dash-empty">{t("analytics.dash.emptySheet")}</p>}
      <div class="grid-stack">
        {p.widgets.map(({ widget, body }) => (
          <WidgetCard
            widget={widget}
            body={body}
            canEdit={p.canEdit}
            query={query}
            sheetPath={p.sheetPath}
          />
        ))}
      </div>
      <dialog id="dash-drill" class="dialog dialog-wide" aria-labelledby="dash-drill-title">
        <header class="dialog-head">
          <h2 id="dash-drill-title">{t("analytics.dash.rows")}</h2>
          <IconButton icon="x" label={t("analytics.dash.close")} data-dialog-close="" />
        </header>
        <div class="dialog-body" data-drill-body=""></div>
      </dialog>
      <dialog id="dash-alert" class="dialog dialog-wide" aria-labelledby="dash-alert-title">
        <header class="dialog-head">
          <h2 id="dash-alert-title">{t("analytics.alerts.create")}</h2>
          <IconButton icon="x" label={t("analytics.dash.close")} data-dialog-close="" />
        </header>
        <div class="dialog-body" data-alert-body=""></div>
      </dialog>
    </div>
  );
}

/** The drill-down fragment: the rows behind the clicked point and a cross-filter link. */
export function DrillRows(
  { title, columns, rows, truncated, filterHref, pointLabel }: {
    title: string;
    columns: ResultColumn[];
    rows: Record<string, unknown>[];
    truncated: boolean;
    filterHref: string | null;
    pointLabel: string;
  },
) {
  const t = useT();
  return (
    <div class="dash-drill">
      <p>{t("analytics.dash.rowsOf", { title, point: pointLabel, n: rows.length })}</p>
      {filterHref && (
        <Button href={filterHref} icon="filter" variant="secondary" data-cross-filter="">
          {t("analytics.dash.filterBy", { point: pointLabel })}
        </Button>
      )}
      <RowsTable columns={columns} rows={rows} caption={title} />
      {truncated && <p class="muted">{t("analytics.dash.truncated")}</p>}
    </div>
  );
}
