import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import type { VNode } from "preact";
import {
  Button,
  DataTable,
  Dialog,
  formatBytes,
  formatDate,
  formatDateTime,
  formatRelative,
  formatTimesIn,
  Icon,
  RelativeTime,
  STATE_TONES,
  StateBadge,
  TextWithTimes,
  Timeline,
  UserChip,
} from "../../ui/kit.ts";
import { initials } from "../../ui/user-chip.tsx";
import { ReaderContext } from "../../ui/context.ts";

const NOW = Date.parse("2026-03-12T12:00:00Z");
const render = (node: VNode, timeZone = "Europe/Istanbul", locale: "en" | "tr" = "en") =>
  renderToString(
    <ReaderContext.Provider value={{ locale, timeZone, now: NOW }}>{node}</ReaderContext.Provider>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

Deno.test("relative time: localized words, exact time in the tenant zone on hover", () => {
  const html = render(<RelativeTime at="2026-03-12T11:55:00Z" />);
  assert.match(text(html), /^5 minutes ago$/);
  assert.match(html, /title="12 Mar 2026, 14:55"/); // Istanbul is UTC+3
  assert.match(html, /datetime="2026-03-12T11:55:00Z"/);
  assert.equal(
    text(render(<RelativeTime at="2026-03-12T11:55:00Z" />, "UTC", "tr")),
    "5 dakika önce",
  );
  assert.equal(text(render(<RelativeTime at={null} />)), "—");
});

Deno.test("relative time: beyond a week people see the date, not 'N weeks ago'", () => {
  assert.equal(formatRelative("en", "2026-01-02T10:00:00Z", NOW, "UTC"), "2 Jan 2026");
  assert.equal(formatRelative("en", "2026-03-11T12:00:00Z", NOW, "UTC"), "yesterday");
  assert.equal(formatRelative("tr", "2026-03-14T12:00:00Z", NOW, "UTC"), "öbür gün");
});

Deno.test("a formatted instant is kept per language and zone: each reader still sees their own", () => {
  const at = "2026-03-12T10:00:00Z";
  for (let round = 0; round < 2; round++) {
    assert.equal(formatDateTime("en", at, "UTC"), "12 Mar 2026, 10:00");
    assert.equal(formatDateTime("en", at, "Asia/Tokyo"), "12 Mar 2026, 19:00");
    assert.equal(formatDateTime("tr", at, "UTC"), "12 Mar 2026 10:00");
    assert.equal(
      formatDateTime("en", new Date(Date.parse(at) + 60_000), "UTC"),
      "12 Mar 2026, 10:01",
    );
    assert.equal(formatDate("en", "2026-03-12T23:00:00Z", "UTC"), "12 Mar 2026");
    assert.equal(formatDate("en", "2026-03-12T23:00:00Z", "Asia/Tokyo"), "13 Mar 2026");
    assert.equal(formatRelative("en", "2026-03-12T11:55:00Z", NOW, "UTC"), "5 minutes ago");
    assert.equal(formatRelative("tr", "2026-03-12T11:55:00Z", NOW, "UTC"), "5 dakika önce");
    assert.equal(formatRelative("en", "2026-03-12T11:00:00Z", NOW, "UTC"), "1 hour ago");
  }
});

Deno.test("times inside text from elsewhere read as dates; the rest stays as written", () => {
  const error = "Service down, retry after 2026-03-12T09:30:00Z (id 2026-03-12)";
  const html = render(<TextWithTimes text={error} />);
  assert.equal(text(html), "Service down, retry after 12 Mar 2026, 12:30 (id 2026-03-12)");
  assert.match(html, /<time datetime="2026-03-12T09:30:00.000Z">/);
  assert.equal(text(render(<TextWithTimes text={null} />)), "");
  // Offsets in any spelling, fractions, no zone (UTC, as the database reads it), not a date.
  assert.equal(
    formatTimesIn("tr", '{"a":"2026-03-12T12:30:00.123456+03:00","b":"2026-03-12T09:30"}'),
    '{"a":"12 Mar 2026 09:30","b":"12 Mar 2026 09:30"}',
  );
  assert.equal(
    formatTimesIn("en", "2026-03-12T12:30+0300 2026-03-12T12:30-01"),
    "12 Mar 2026, 09:30 12 Mar 2026, 13:30",
  );
  assert.equal(formatTimesIn("en", "2026-13-45T09:30Z"), "2026-13-45T09:30Z");
});

Deno.test("plain dates stay on their calendar day in any zone", () => {
  assert.equal(formatDate("en", "2026-03-01", "Pacific/Honolulu"), "1 Mar 2026");
  assert.equal(formatDate("tr", "2026-03-01", "Asia/Tokyo"), "1 Mar 2026");
  assert.equal(formatBytes("en", 1536), "1.5 KB");
});

Deno.test("every enum state has its own colour within its set", () => {
  for (const [kind, tones] of Object.entries(STATE_TONES)) {
    const colours = Object.values(tones);
    assert.equal(new Set(colours).size, colours.length, `${kind} repeats a colour`);
  }
  const html = render(<StateBadge kind="ticket" value="islemde" label="In progress" />);
  assert.match(html, /badge-amber/);
  assert.equal(text(html), "In progress");
});

Deno.test("icons are inline lucide SVG, decorative unless labelled", () => {
  const html = render(<Icon name="bell" />);
  assert.match(html, /<svg aria-hidden="true"/);
  assert.doesNotMatch(html, /<!--/);
  assert.match(render(<Icon name="trash-2" label="Delete" />), /role="img" aria-label="Delete"/);
  assert.throws(() => render(<Icon name="no-such-icon" />), /No lucide icon/);
});

Deno.test("buttons: a link when given href, type=button by default", () => {
  assert.match(
    render(<Button href="/x" icon="plus">New</Button>),
    /^<a href="\/x" class="btn btn-primary">/,
  );
  assert.match(render(<Button>Go</Button>), /type="button"/);
});

Deno.test("people: initials with Turkish capitals and a stable colour", () => {
  assert.equal(initials("ışıl yılmaz"), "IY");
  assert.equal(initials("irem"), "İ");
  const a = render(<UserChip name="Ayşe Yılmaz" />);
  assert.equal(a, render(<UserChip name="Ayşe Yılmaz" />));
  assert.match(a, /data-hue="\d"/);
  assert.equal(text(render(<UserChip name={null} none="Unassigned" />)), "Unassigned");
});

Deno.test("data table: labels cells for the phone layout, empty state, load more", () => {
  const columns = [{ label: "Subject", cell: (r: { s: string }) => r.s }];
  const html = render(
    <DataTable
      id="t"
      label="Tickets"
      rows={[{ s: "Printer" }]}
      columns={columns}
      more={{ href: "?cursor=abc", label: "Load more" }}
    />,
  );
  assert.match(html, /<td data-label="Subject">Printer<\/td>/);
  assert.match(html, /hx-get="\?cursor=abc"[^>]*hx-target="#t tbody"/);
  const empty = render(
    <DataTable id="t" label="Tickets" rows={[]} columns={columns} empty={<p>None yet</p>} />,
  );
  assert.equal(text(empty), "None yet");
});

Deno.test("data table: a cell many rows share is drawn once, the same as drawn for each row", () => {
  type Row = { s: string; state: string; at: string };
  const rows: Row[] = [
    { s: "Printer & <scanner>", state: "acik", at: "2026-03-12T11:55:00Z" },
    { s: "VPN", state: "kapandi", at: "2026-03-12T11:55:00Z" },
    { s: "Mail", state: "acik", at: "2026-03-12T10:00:00Z" },
  ];
  let drawn = 0;
  const columns = (shared: boolean) => [
    { label: "Subject", cell: (r: Row) => r.s },
    {
      label: "State",
      same: shared ? (r: Row) => r.state : undefined,
      cell: (r: Row) => {
        drawn++;
        return <StateBadge kind="ticket" value={r.state} label={`${r.state} & co`} />;
      },
    },
    // Reads the reader (language, zone) of the page it is drawn on.
    {
      label: "At",
      same: shared ? (r: Row) => r.at : undefined,
      cell: (r: Row) => <RelativeTime at={r.at} />,
    },
  ];
  const table = (shared: boolean, timeZone = "Europe/Istanbul") =>
    render(<DataTable id="t" label="Tickets" rows={rows} columns={columns(shared)} />, timeZone);
  assert.equal(table(true), table(false));
  assert.equal(table(true, "Asia/Tokyo"), table(false, "Asia/Tokyo"));
  assert.match(table(true, "Asia/Tokyo"), /title="12 Mar 2026, 20:55"/);
  assert.match(
    table(true),
    /<td data-label="State"><span class="badge[^"]*">kapandi &amp; co<\/span><\/td>/,
  );
  drawn = 0;
  table(true);
  assert.equal(drawn, 2, "one per state");
  drawn = 0;
  table(false);
  assert.equal(drawn, 3);
});

Deno.test("dialog: a native dialog opened by its trigger, with a labelled close button", () => {
  const html = render(
    <Dialog id="new" title="New ticket" trigger="New ticket" closeLabel="Close">
      <form />
    </Dialog>,
  );
  assert.match(html, /data-dialog-open="new"/);
  assert.match(html, /<dialog id="new" class="dialog" aria-labelledby="new-title">/);
  assert.match(html, /aria-label="Close"/);
});

Deno.test("timeline: who, what, field labels old → new, relative time", () => {
  const html = render(
    <Timeline
      label="History"
      systemName="System"
      entries={[
        {
          who: "Ayşe Yılmaz",
          what: "changed the ticket",
          at: "2026-03-12T10:00:00Z",
          changes: [{ label: "Status", from: "Open", to: "In progress" }],
        },
        { who: null, what: "escalated the ticket", at: "2026-03-12T11:00:00Z" },
      ]}
    />,
  );
  const t = text(html);
  assert.match(t, /Ayşe Yılmaz changed the ticket 2 hours ago Status Open In progress/);
  assert.match(t, /System escalated the ticket 1 hour ago/);
});
