/**
 * The subscription's e-mail as text and HTML (pure: the send service draws the pictures and
 * queues the mail). Charts are inline pictures (`cid:`), KPIs and tables plain HTML so every
 * mail client shows them; the PDF of the whole sheet goes along as an attachment.
 */
import { escapeHtml } from "../../../platform/notifications/public.ts";
import { t } from "../../../shared/i18n/i18n.ts";
import "./subscriptions.messages.ts";

type Locale = "en" | "tr";

/** One widget as the mail shows it. */
export interface MailWidget {
  title: string;
  kind: "chart" | "kpi" | "table" | "note";
  /** Chart: the Content-ID of its picture. */
  cid?: string;
  kpi?: { value: string; hint?: string };
  table?: { header: string[]; rows: string[][]; more: number };
  /** Note: why nothing is shown (no data, the widget failed). */
  note?: string;
}

export interface MailInput {
  locale: Locale;
  sheetTitle: string;
  name: string;
  /** When the sheet was drawn, in words of the reader's language and zone. */
  when: string;
  filters: string;
  link: string;
  widgets: MailWidget[];
  pdf: boolean;
}

const CELL = "padding:4px 8px;border-bottom:1px solid #e5e7eb;text-align:left;font-size:13px";

function widgetHtml(w: MailWidget, locale: Locale): string {
  const title = `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(w.title)}</h2>`;
  if (w.kind === "chart") {
    return `${title}<img src="cid:${w.cid}" width="640" alt="${
      escapeHtml(w.title)
    }" style="max-width:100%;height:auto;border:1px solid #e5e7eb">`;
  }
  if (w.kind === "kpi") {
    return `${title}<p style="font-size:36px;font-weight:bold;margin:0">${
      escapeHtml(w.kpi!.value)
    }</p>${
      w.kpi!.hint ? `<p style="color:#4b5563;margin:4px 0 0">${escapeHtml(w.kpi!.hint)}</p>` : ""
    }`;
  }
  if (w.kind === "table") {
    const tb = w.table!;
    const head = tb.header.map((h) =>
      `<th style="${CELL};background:#f3f4f6">${escapeHtml(h)}</th>`
    )
      .join("");
    const rows = tb.rows.map((r) =>
      `<tr>${r.map((c) => `<td style="${CELL}">${escapeHtml(c)}</td>`).join("")}</tr>`
    ).join("");
    const more = tb.more > 0
      ? `<p style="color:#6b7280;font-size:12px">${
        escapeHtml(t(locale, "analytics.subs.mail.more", { n: tb.more }))
      }</p>`
      : "";
    return `${title}<table style="border-collapse:collapse;width:100%;max-width:640px">` +
      `<thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>${more}`;
  }
  return `${title}<p style="color:#6b7280">${escapeHtml(w.note ?? "")}</p>`;
}

function widgetText(w: MailWidget): string {
  if (w.kind === "kpi") {
    return `${w.title}: ${w.kpi!.value}${w.kpi!.hint ? ` (${w.kpi!.hint})` : ""}`;
  }
  if (w.kind === "table") {
    return [w.title, w.table!.header.join(" | "), ...w.table!.rows.map((r) => r.join(" | "))]
      .join("\n");
  }
  if (w.kind === "note") return `${w.title}: ${w.note ?? ""}`;
  return w.title;
}

export function composeMail(m: MailInput): { subject: string; text: string; html: string } {
  const l = m.locale;
  const subject = t(l, "analytics.subs.mail.subject", { sheet: m.sheetTitle, name: m.name });
  const intro = t(l, "analytics.subs.mail.intro", { sheet: m.sheetTitle, time: m.when });
  const filters = m.filters ? t(l, "analytics.subs.mail.filters", { filters: m.filters }) : "";
  const open = t(l, "analytics.subs.mail.open");
  const why = t(l, "analytics.subs.mail.why", { name: m.name });
  const pdf = m.pdf ? t(l, "analytics.subs.mail.pdf") : "";
  const text = [
    intro,
    filters,
    "",
    ...m.widgets.map(widgetText),
    "",
    `${open}: ${m.link}`,
    pdf,
    "",
    why,
  ].filter((x, i, a) => x !== "" || a[i - 1] !== "").join("\n");
  const html = `<!doctype html><html lang="${l}"><body style="font-family:Arial,sans-serif;` +
    `color:#111827;max-width:680px;margin:0 auto;padding:16px">` +
    `<h1 style="font-size:20px">${escapeHtml(m.sheetTitle)}</h1>` +
    `<p>${escapeHtml(intro)}</p>${
      filters ? `<p style="color:#4b5563">${escapeHtml(filters)}</p>` : ""
    }` +
    m.widgets.map((w) => widgetHtml(w, l)).join("\n") +
    `<p style="margin-top:24px"><a href="${escapeHtml(m.link)}">${escapeHtml(open)}</a></p>` +
    (pdf ? `<p style="color:#4b5563">${escapeHtml(pdf)}</p>` : "") +
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(why)}</p></body></html>`;
  return { subject, text, html };
}
