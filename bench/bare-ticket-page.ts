// The bare renderer of bench/api.ts (issue 39): the ticket list page's content drawn from the
// page's own reads with preact-render-to-string and nothing else — no layout kit, no i18n, no
// permissions, no shell scripts — so "app ÷ bare" is what the app's page costs beyond its data
// and a minimal rendering of it.
import { h } from "preact";
import { renderToString } from "preact-render-to-string";

type Row = Record<string, unknown>;
export interface BarePageData {
  items: Row[];
  customers: Row[];
  companies: Row[];
  agents: Row[];
  workspaces: Row[];
  unread: { n: number };
  look: { name: string };
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const ago = (at: unknown) => {
  const minutes = Math.round((new Date(at as string).getTime() - Date.now()) / 60_000);
  return Math.abs(minutes) < 60
    ? relative.format(minutes, "minute")
    : Math.abs(minutes) < 1440
    ? relative.format(Math.round(minutes / 60), "hour")
    : relative.format(Math.round(minutes / 1440), "day");
};

const select = (name: string, rows: Row[], label: (r: Row) => unknown, value = "id") =>
  h(
    "select",
    { name },
    h("option", { value: "" }, "All"),
    rows.map((r) => h("option", { value: String(r[value]) }, String(label(r)))),
  );

/** The page: header, filters, the 25 rows, the new-ticket form's choices. */
export function renderBareTicketPage(d: BarePageData): string {
  const names = new Map<string, string>();
  for (const c of d.customers) names.set(String(c.id), String(c.name));
  for (const a of d.agents) names.set(String(a.userId), String(a.name));
  const page = h(
    "html",
    { lang: "en" },
    h("head", null, h("meta", { charset: "utf-8" }), h("title", null, "Tickets")),
    h(
      "body",
      null,
      h(
        "header",
        null,
        h("strong", null, d.look.name),
        h("span", null, `${d.unread.n} unread`),
        select("workspace", d.workspaces, (w) => w.name),
      ),
      h(
        "form",
        { method: "get" },
        select("customerId", d.customers, (c) => c.name),
        select("companyId", d.companies, (c) => c.name),
        select("assignee", d.agents, (a) => a.name, "userId"),
      ),
      h(
        "table",
        null,
        h(
          "tr",
          null,
          ["Number", "Subject", "Status", "Priority", "Assignee", "Customer", "SLA", "Updated"]
            .map((x) => h("th", null, x)),
        ),
        d.items.map((x) =>
          h(
            "tr",
            null,
            h("td", null, h("a", { href: `/support/tickets/${x.id}` }, String(x.number))),
            h("td", null, String(x.subject)),
            h("td", null, h("span", { class: "badge" }, String(x.status))),
            h("td", null, h("span", { class: "badge" }, String(x.priority))),
            h("td", null, x.assigneeId ? names.get(String(x.assigneeId)) : "Unassigned"),
            h(
              "td",
              null,
              h(
                "a",
                { href: `/support/customers/${x.customerId}` },
                names.get(String(x.customerId)),
              ),
            ),
            h("td", null, x.resolvedAt ? "met" : x.resolutionDue ? "running" : "none"),
            h("td", null, h("time", { datetime: String(x.updatedAt) }, ago(x.updatedAt))),
          )
        ),
      ),
      h(
        "form",
        { method: "post" },
        h("input", { name: "subject" }),
        select("customerId", d.customers, (c) => c.name),
        select("assigneeId", d.agents, (a) => a.name, "userId"),
        h("button", { type: "submit" }, "Create"),
      ),
    ),
  );
  return "<!doctype html>" + renderToString(page);
}
