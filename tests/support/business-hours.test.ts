import assert from "node:assert/strict";
import {
  addBusinessMinutes,
  businessMinutesBetween,
  type Calendar,
  offsetAt,
  wallToInstant,
} from "../../modules/support/sla/business-hours.rules.ts";

const nineToFive = (timeZone: string, holidays: string[] = []): Calendar => ({
  timeZone,
  weekly: Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, [["09:00", "17:00"]]])),
  holidays,
});
const iso = (d: Date) => d.toISOString();

Deno.test("business hours: within one working day", () => {
  const cal = nineToFive("UTC");
  // Monday 2026-03-02 10:00 UTC + 2h = 12:00
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-02T10:00:00Z"), 120, cal)),
    "2026-03-02T12:00:00.000Z",
  );
});

Deno.test("business hours: the clock stops at night and resumes next morning", () => {
  const cal = nineToFive("UTC");
  // Monday 16:00 + 2h = Tuesday 10:00
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-02T16:00:00Z"), 120, cal)),
    "2026-03-03T10:00:00.000Z",
  );
  // Started before opening: counts from 09:00
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-02T06:00:00Z"), 30, cal)),
    "2026-03-02T09:30:00.000Z",
  );
});

Deno.test("business hours: weekends are skipped", () => {
  const cal = nineToFive("UTC");
  // Friday 2026-03-06 16:00 + 2h = Monday 2026-03-09 10:00
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-06T16:00:00Z"), 120, cal)),
    "2026-03-09T10:00:00.000Z",
  );
  // Saturday start: Monday 09:00 + 1h
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-07T12:00:00Z"), 60, cal)),
    "2026-03-09T10:00:00.000Z",
  );
  assert.equal(
    businessMinutesBetween(new Date("2026-03-06T16:00:00Z"), new Date("2026-03-09T10:00:00Z"), cal),
    120,
  );
});

Deno.test("business hours: holidays are skipped", () => {
  const cal = nineToFive("UTC", ["2026-03-09", "2026-03-10"]);
  // Friday 16:00 + 2h: Monday and Tuesday are holidays → Wednesday 10:00
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-06T16:00:00Z"), 120, cal)),
    "2026-03-11T10:00:00.000Z",
  );
  assert.equal(
    businessMinutesBetween(new Date("2026-03-06T00:00:00Z"), new Date("2026-03-12T00:00:00Z"), cal),
    16 * 60,
  );
});

Deno.test("business hours: working hours are in the calendar's time zone", () => {
  const cal = nineToFive("Europe/Istanbul"); // UTC+3, no DST
  // Monday 09:00 Istanbul = 06:00 UTC; 05:00 UTC is before opening
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-02T05:00:00Z"), 60, cal)),
    "2026-03-02T07:00:00.000Z",
  );
  // Monday 13:30 UTC = 16:30 local: 30 min left, then Tuesday 06:00 UTC
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-02T13:30:00Z"), 60, cal)),
    "2026-03-03T06:30:00.000Z",
  );
  const tokyo = nineToFive("Asia/Tokyo"); // local Monday starts Sunday 15:00 UTC
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-01T23:00:00Z"), 60, tokyo)),
    "2026-03-02T01:00:00.000Z",
  );
});

Deno.test("business hours: a spring-forward night keeps 09:00 local at the new offset", () => {
  const cal = nineToFive("Europe/Berlin");
  // DST starts Sunday 2026-03-29. Friday 03-27 16:00 CET (15:00 UTC) + 2h → Monday 10:00 CEST = 08:00 UTC
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-27T15:00:00Z"), 120, cal)),
    "2026-03-30T08:00:00.000Z",
  );
  assert.equal(offsetAt(Date.parse("2026-03-27T15:00:00Z"), "Europe/Berlin"), 3600_000);
  assert.equal(offsetAt(Date.parse("2026-03-30T08:00:00Z"), "Europe/Berlin"), 7200_000);
});

Deno.test("business hours: a 24h calendar loses an hour on the short DST day and gains one on the long", () => {
  const always: Calendar = {
    timeZone: "America/New_York",
    weekly: Object.fromEntries(
      ["0", "1", "2", "3", "4", "5", "6"].map((d) => [d, [["00:00", "24:00"]]]),
    ),
  };
  // 2026-03-08 is 23 hours long in New York, 2026-11-01 is 25 hours long.
  const short = businessMinutesBetween(
    new Date("2026-03-08T05:00:00Z"),
    new Date("2026-03-09T04:00:00Z"),
    always,
  );
  assert.equal(short, 23 * 60);
  const long = businessMinutesBetween(
    new Date("2026-11-01T04:00:00Z"),
    new Date("2026-11-02T05:00:00Z"),
    always,
  );
  assert.equal(long, 25 * 60);
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-08T05:00:00Z"), 23 * 60, always)),
    "2026-03-09T04:00:00.000Z",
  );
});

Deno.test("business hours: a wall time in the spring gap maps past it; a repeated one to the first", () => {
  // 2026-03-29 02:30 does not exist in Berlin; 2026-10-25 02:30 happens twice.
  assert.equal(
    new Date(wallToInstant(Date.UTC(2026, 2, 29, 2, 30), "Europe/Berlin")).toISOString(),
    "2026-03-29T01:30:00.000Z",
  );
  assert.equal(
    new Date(wallToInstant(Date.UTC(2026, 9, 25, 2, 30), "Europe/Berlin")).toISOString(),
    "2026-10-25T00:30:00.000Z",
  );
});

Deno.test("business hours: split periods (lunch break) and between-then-add round trip", () => {
  const cal: Calendar = {
    timeZone: "UTC",
    weekly: { "1": [["13:00", "17:00"], ["09:00", "12:00"]] },
  };
  // Monday 11:00 + 2h → 1h before lunch, 1h after → 14:00
  const due = addBusinessMinutes(new Date("2026-03-02T11:00:00Z"), 120, cal);
  assert.equal(iso(due), "2026-03-02T14:00:00.000Z");
  assert.equal(businessMinutesBetween(new Date("2026-03-02T11:00:00Z"), due, cal), 120);
  // Next Monday after 7 hours of Monday: a week later
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-02T00:00:00Z"), 8 * 60, cal)),
    "2026-03-09T10:00:00.000Z",
  );
});

Deno.test("business hours: an empty calendar is refused, not looped on", () => {
  assert.throws(() => addBusinessMinutes(new Date(), 10, { timeZone: "UTC", weekly: {} }));
});

Deno.test("business hours: overlapping periods count once", () => {
  const cal: Calendar = {
    timeZone: "UTC",
    weekly: { "1": [["09:00", "12:00"], ["10:00", "13:00"], ["12:30", "12:45"]] },
  };
  // Monday 2026-03-02 09:00: four working hours (09–13), not seven, then next Monday.
  assert.equal(
    businessMinutesBetween(new Date("2026-03-02T00:00:00Z"), new Date("2026-03-03T00:00:00Z"), cal),
    240,
  );
  assert.equal(
    iso(addBusinessMinutes(new Date("2026-03-02T09:00:00Z"), 300, cal)),
    "2026-03-09T10:00:00.000Z",
  );
});
