import assert from "node:assert/strict";
import { renderToString } from "preact-render-to-string";
import type { VNode } from "preact";
import {
  Button,
  DataTable,
  Dialog,
  formatBytes,
  formatDate,
  formatRelative,
  Icon,
  RelativeTime,
  STATE_TONES,
  StateBadge,
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
