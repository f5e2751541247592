/**
 * The sheet tabs of an application and, for editors, the sheet list: add, rename (with the
 * refresh interval), move left/right and delete. The dashboard page of a sheet reuses SheetTabs.
 */
import {
  type Column,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Icon,
  IconButton,
  Tabs,
  type Translate,
  useT,
} from "../../../ui/kit.ts";
import type { AppRecord, SheetRecord } from "./access.rules.ts";
import { BASE } from "./apps.view.tsx";

/** Refresh intervals offered (seconds); the API takes any value from 5 to 86400. */
export const REFRESH_CHOICES = [0, 10, 30, 60, 300, 900, 3600];

export const sheetHref = (appId: string, sheetId: string) => `${BASE}/${appId}/sheets/${sheetId}`;

function refreshLabel(t: Translate, seconds: number | null): string {
  if (!seconds) return t("analytics.apps.sheet.refreshOff");
  return seconds % 60 === 0
    ? t("analytics.apps.sheet.refreshMinutes", { count: seconds / 60 })
    : t("analytics.apps.sheet.refreshSeconds", { count: seconds });
}

/** One tab per sheet, linking to the sheet's dashboard; `current` marks the open one. */
export function SheetTabs(
  { app, sheets, current }: {
    app: AppRecord;
    sheets: SheetRecord[];
    current?: string;
  },
) {
  const t = useT();
  if (sheets.length === 0) return null;
  return (
    <Tabs
      label={t("analytics.apps.sheetTabs", { name: app.name })}
      items={sheets.map((s) => ({
        href: sheetHref(app.id, s.id),
        label: s.name,
        current: s.id === current,
      }))}
    />
  );
}

export function SheetDialog({ appId, value }: { appId: string; value?: SheetRecord }) {
  const t = useT();
  const action = value ? `${BASE}/${appId}/sheets/${value.id}/edit` : `${BASE}/${appId}/sheets`;
  const choices = value?.refreshSeconds && !REFRESH_CHOICES.includes(value.refreshSeconds)
    ? [...REFRESH_CHOICES, value.refreshSeconds].sort((a, b) => a - b)
    : REFRESH_CHOICES;
  return (
    <Dialog
      id={value ? `edit-sheet-${value.id}` : "new-sheet"}
      title={value
        ? t("analytics.apps.sheet.rename", { name: value.name })
        : t("analytics.apps.sheet.new")}
      trigger={value
        ? t("analytics.apps.sheet.rename", { name: value.name })
        : t("analytics.apps.sheet.new")}
      icon={value ? "pencil" : "plus"}
      iconOnly={!!value}
      variant={value ? "ghost" : "secondary"}
      closeLabel={t("analytics.apps.close")}
    >
      <form class="form" method="post" action={action}>
        <Field label={t("analytics.apps.sheet.name")}>
          <input name="name" required maxLength={120} value={value?.name ?? ""} />
        </Field>
        <Field label={t("analytics.apps.sheet.refresh")}>
          <select name="refreshSeconds">
            {choices.map((s) => (
              <option value={String(s)} selected={(value?.refreshSeconds ?? 0) === s}>
                {refreshLabel(t, s)}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" class="btn btn-primary">{t("analytics.apps.save")}</button>
      </form>
    </Dialog>
  );
}

function MoveButton(
  { appId, sheet, dir }: { appId: string; sheet: SheetRecord; dir: "left" | "right" },
) {
  const t = useT();
  return (
    <form class="inline" method="post" action={`${BASE}/${appId}/sheets/${sheet.id}/move`}>
      <input type="hidden" name="dir" value={dir} />
      <IconButton
        type="submit"
        variant="ghost"
        icon={dir === "left" ? "arrow-left" : "arrow-right"}
        label={t(`analytics.apps.sheet.${dir}`, { name: sheet.name })}
      />
    </form>
  );
}

/** The sheets as a list editors change (rows stack on a phone). */
export function SheetTable(
  { appId, sheets }: { appId: string; sheets: SheetRecord[] },
) {
  const t = useT();
  const columns: Column<SheetRecord>[] = [
    {
      label: t("analytics.apps.sheet.position"),
      // The handle is for the mouse; the move buttons are the keyboard's way (client/sheets.js).
      cell: (s) => (
        <span class="sheet-pos">
          <span
            class="sheet-drag"
            data-drag-handle=""
            title={t("analytics.builder.dragHandle", { name: s.name })}
          >
            <Icon name="grip-vertical" size={16} />
          </span>
          {String(s.position + 1)}
        </span>
      ),
      wide: true,
    },
    {
      label: t("analytics.apps.sheet.name"),
      cell: (s) => <a href={sheetHref(appId, s.id)}>{s.name}</a>,
    },
    {
      label: t("analytics.apps.sheet.refresh"),
      cell: (s) => refreshLabel(t, s.refreshSeconds),
    },
  ];
  const last = sheets.length - 1;
  return (
    <DataTable
      id="sheets"
      label={t("analytics.apps.sheets")}
      rowAttrs={(s) => ({ "data-sheet-id": s.id })}
      columns={columns}
      rows={sheets}
      empty={
        <EmptyState icon="layout-dashboard" title={t("analytics.apps.sheet.empty")}>
          {t("analytics.apps.sheet.emptyHint")}
        </EmptyState>
      }
      actions={(s) => (
        <>
          {sheets[0].id !== s.id && <MoveButton appId={appId} sheet={s} dir="left" />}
          {sheets[last].id !== s.id && <MoveButton appId={appId} sheet={s} dir="right" />}
          <SheetDialog appId={appId} value={s} />
          <form
            class="inline"
            method="post"
            action={`${BASE}/${appId}/sheets/${s.id}/delete`}
            hx-post={`${BASE}/${appId}/sheets/${s.id}/delete`}
            hx-confirm={t("analytics.apps.sheet.deleteConfirm", { name: s.name })}
          >
            <IconButton
              type="submit"
              variant="ghost"
              icon="trash-2"
              label={t("analytics.apps.sheet.delete", { name: s.name })}
            />
          </form>
        </>
      )}
    />
  );
}
