import assert from "node:assert/strict";
import { callApp, itest, newTenant, problem } from "../helpers.ts";
import { addMember, flow, json, newProject, newTask } from "./fixtures.ts";

interface Event {
  [property: string]: string;
}

/** A small RFC 5545 reader: CRLF lines, unfolding, one VCALENDAR of VEVENTs. */
function parseIcs(text: string) {
  assert.ok(text.includes("\r\n"), "lines end with CRLF");
  for (const line of text.split("\r\n")) {
    assert.ok(new TextEncoder().encode(line).length <= 75, `folded at 75 octets: ${line}`);
  }
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);
  assert.equal(lines[0], "BEGIN:VCALENDAR");
  assert.equal(lines[lines.length - 1], "END:VCALENDAR");
  const head: Event = {};
  const events: Event[] = [];
  let current: Event | null = null;
  for (const line of lines.slice(1, -1)) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT") {
      events.push(current!);
      current = null;
    } else {
      const at = line.indexOf(":");
      assert.ok(at > 0, `a property line: ${line}`);
      const key = line.slice(0, at);
      const value = line.slice(at + 1).replace(/\\,/g, ",").replace(/\\;/g, ";");
      (current ?? head)[key] = value;
    }
  }
  assert.equal(head.VERSION, "2.0");
  assert.ok(head.PRODID);
  for (const e of events) {
    for (const k of ["UID", "DTSTAMP", "DTSTART;VALUE=DATE", "DTEND;VALUE=DATE", "SUMMARY"]) {
      assert.ok(e[k], `VEVENT has ${k}: ${JSON.stringify(e)}`);
    }
    assert.match(e.DTSTAMP, /^\d{8}T\d{6}Z$/);
  }
  return events;
}

const feed = (url: string) => callApp(new URL(url).pathname);
const byTitle = (events: Event[]) =>
  new Map(events.map((e) => [e.SUMMARY.replace(/^\[[^\]]*\] /, ""), e]));

itest("ical: a person's open tasks as all-day events, watched ones optional", async () => {
  const t = await newTenant();
  const me = await t.member(["member"]);
  const other = await t.member(["member"]);
  const p = await newProject(t.owner, { name: "Apollo" });
  const q = await newProject(t.owner, { name: "Gemini, Moon" });
  for (const id of [p.id, q.id]) {
    await addMember(t.owner, id, me.id, "member");
    await addMember(t.owner, id, other.id, "member");
  }
  const mine = await newTask(t.owner, p.id, {
    title: "Write spec",
    assigneeId: me.id,
    startDate: "2030-04-28",
    dueDate: "2030-05-01",
  });
  const elsewhere = await newTask(t.owner, q.id, {
    title: "Launch; check",
    assigneeId: me.id,
    dueDate: "2030-06-01",
  });
  await newTask(t.owner, p.id, { title: "Theirs", assigneeId: other.id, dueDate: "2030-05-02" });
  const watched = await newTask(t.owner, p.id, { title: "Watched", dueDate: "2030-05-03" });
  await json(await me.call("PUT", `/api/projects/tasks/${watched.id}/watch`), 200);
  await newTask(t.owner, p.id, { title: "No date", assigneeId: me.id });
  const { items: statuses } = await flow(t.owner, p.id);
  const done = statuses.find((s: { category: string }) => s.category === "done");
  await newTask(t.owner, p.id, {
    title: "Finished",
    assigneeId: me.id,
    dueDate: "2030-05-04",
    statusId: done.id,
  });

  const before = await json(await me.call("GET", "/api/projects/calendar-feed"), 200);
  assert.equal(before.enabled, false);
  assert.equal(before.url, null);
  const made = await json(await me.call("POST", "/api/projects/calendar-feed", {}), 201);
  assert.equal(made.enabled, true);
  assert.match(made.url, /^http:\/\/localhost\/projects\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  // The secret is given once: never read back.
  assert.equal((await json(await me.call("GET", "/api/projects/calendar-feed"), 200)).url, null);

  const res = await feed(made.url);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /^text\/calendar/);
  assert.match(res.headers.get("cache-control")!, /no-store/);
  const events = parseIcs(await res.text());
  const got = byTitle(events);
  assert.deepEqual([...got.keys()].sort(), ["Launch; check", "Watched", "Write spec"]);
  const spec = got.get("Write spec")!;
  assert.equal(spec.SUMMARY, "[Apollo] Write spec");
  assert.equal(spec["DTSTART;VALUE=DATE"], "20300428");
  assert.equal(spec["DTEND;VALUE=DATE"], "20300502");
  assert.equal(spec.URL ?? spec["URL;VALUE=URI"], `http://localhost/projects/tasks/${mine.id}`);
  assert.match(spec.UID, new RegExp(mine.id));
  assert.equal(got.get("Launch; check")!.SUMMARY, "[Gemini, Moon] Launch; check");
  assert.equal(got.get("Launch; check")!["DTSTART;VALUE=DATE"], "20300601");
  // UIDs are stable from one read to the next.
  const again = byTitle(parseIcs(await (await feed(made.url)).text()));
  assert.equal(again.get("Write spec")!.UID, spec.UID);

  // Watched tasks are optional.
  const changed = await json(
    await me.call("PATCH", "/api/projects/calendar-feed", { includeWatched: false }),
    200,
  );
  assert.equal(changed.includeWatched, false);
  const assigned = byTitle(parseIcs(await (await feed(made.url)).text()));
  assert.deepEqual([...assigned.keys()].sort(), ["Launch; check", "Write spec"]);

  // Removed from a project: its tasks leave the feed.
  assert.equal(
    (await t.owner.call("DELETE", `/api/projects/projects/${q.id}/members/${me.id}`)).status,
    204,
  );
  const left = byTitle(parseIcs(await (await feed(made.url)).text()));
  assert.deepEqual([...left.keys()], ["Write spec"]);
  assert.ok(elsewhere.id);

  // The other person's feed has their task only.
  const theirs = await json(await other.call("POST", "/api/projects/calendar-feed", {}), 201);
  const theirEvents = byTitle(parseIcs(await (await feed(theirs.url)).text()));
  assert.deepEqual([...theirEvents.keys()], ["Theirs"]);
});

itest("ical: re-created and revoked links answer 404; validation, 403, other tenant", async () => {
  const t = await newTenant();
  const me = await t.member(["member"]);
  const p = await newProject(t.owner);
  await addMember(t.owner, p.id, me.id, "member");
  await newTask(t.owner, p.id, { title: "Mine", assigneeId: me.id, dueDate: "2030-01-02" });

  const first = await json(await me.call("POST", "/api/projects/calendar-feed", {}), 201);
  assert.equal((await feed(first.url)).status, 200);
  const second = await json(
    await me.call("POST", "/api/projects/calendar-feed", { includeWatched: false }),
    201,
  );
  assert.notEqual(second.url, first.url);
  assert.equal((await feed(first.url)).status, 404);
  assert.equal((await feed(second.url)).status, 200);

  assert.equal((await me.call("DELETE", "/api/projects/calendar-feed")).status, 204);
  assert.equal((await feed(second.url)).status, 404);
  await problem(await me.call("DELETE", "/api/projects/calendar-feed"), 404);
  await problem(
    await me.call("PATCH", "/api/projects/calendar-feed", { includeWatched: true }),
    404,
  );

  // Made-up tokens, wrong shapes.
  assert.equal((await callApp(`/projects/ical/${"a".repeat(43)}.ics`)).status, 404);
  // Not a feed address at all: the sign-in wall, as for any page.
  assert.equal((await callApp("/projects/ical/short.ics")).status, 303);
  await problem(
    await me.call("POST", "/api/projects/calendar-feed", { includeWatched: "yes" }),
    400,
  );
  await problem(await me.call("PATCH", "/api/projects/calendar-feed", {}), 400);

  // Without the permission to read tasks: 403.
  await t.owner.call("POST", "/api/admin/roles", {
    key: "nothing",
    name: "Nothing",
    permissions: ["support.ticket.read"],
  });
  const bare = await t.member(["nothing"]);
  await problem(await bare.call("GET", "/api/projects/calendar-feed"), 403);
  await problem(await bare.call("POST", "/api/projects/calendar-feed", {}), 403);

  // A person disabled in the workspace: their link answers 404.
  const third = await json(await me.call("POST", "/api/projects/calendar-feed", {}), 201);
  assert.equal((await feed(third.url)).status, 200);
  const disabled = await t.owner.call("PATCH", `/api/admin/users/${me.id}`, {
    status: "disabled",
  });
  assert.equal(disabled.status, 200, await disabled.text());
  assert.equal((await feed(third.url)).status, 404);

  // Another workspace's link settings are its own.
  const b = await newTenant();
  const theirs = await json(await b.owner.call("GET", "/api/projects/calendar-feed"), 200);
  assert.equal(theirs.enabled, false);
});
