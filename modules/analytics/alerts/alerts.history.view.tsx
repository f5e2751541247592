/** An alert's history: its firings and recoveries (with what went out) and recent checks. */
import { Badge, DataTable, DateTime, RelativeTime, useReader, useT } from "../../../ui/kit.ts";
import { formatValue } from "./alerts.rules.ts";
import type { Check, Firing } from "./alerts.schemas.ts";
import { AlertStateBadge } from "./alerts.view.tsx";

export function FiringsTable({ firings }: { firings: Firing[] }) {
  const t = useT();
  const { locale } = useReader();
  const sent = (f: Firing) => {
    if (f.silenced) return t("analytics.alerts.silenced");
    const names = f.channels.map((c) =>
      c === "webhook" && f.webhookStatus
        ? t(`analytics.alerts.webhook.${f.webhookStatus}`)
        : t(`analytics.alerts.channel.${c as "inbox"}`)
    );
    return names.join(", ") || "—";
  };
  return (
    <DataTable
      id="alert-firings"
      label={t("analytics.alerts.history")}
      rows={firings}
      columns={[
        { label: t("analytics.alerts.when"), cell: (f) => <DateTime at={f.at} /> },
        {
          label: t("analytics.alerts.event"),
          cell: (f) => (
            <Badge tone={f.kind === "firing" ? "red" : "green"}>
              {t(`analytics.alerts.event.${f.kind}`)}
            </Badge>
          ),
        },
        {
          label: t("analytics.alerts.value"),
          cell: (f) => formatValue(f.value, locale),
          numeric: true,
        },
        {
          label: t("analytics.alerts.threshold"),
          cell: (f) => formatValue(f.threshold, locale),
          numeric: true,
          wide: true,
        },
        { label: t("analytics.alerts.delivered"), cell: sent },
      ]}
      empty={<p class="card-pad muted">{t("analytics.alerts.historyEmpty")}</p>}
    />
  );
}

export function ChecksTable({ checks }: { checks: Check[] }) {
  const t = useT();
  const { locale } = useReader();
  return (
    <DataTable
      id="alert-checks"
      label={t("analytics.alerts.checks")}
      rows={checks}
      columns={[
        { label: t("analytics.alerts.when"), cell: (c) => <RelativeTime at={c.checkedAt} /> },
        { label: t("analytics.alerts.state"), cell: (c) => <AlertStateBadge state={c.state} /> },
        {
          label: t("analytics.alerts.value"),
          cell: (c) => formatValue(c.value, locale),
          numeric: true,
        },
      ]}
      empty={<p class="card-pad muted">{t("analytics.alerts.checksEmpty")}</p>}
    />
  );
}
