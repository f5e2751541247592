/**
 * shared/db/timestamps.ts: PostgreSQL's text form of a timestamp becomes the ISO 8601 string
 * Date#toISOString() would give — the fast path for UTC text (every fraction length, none) and
 * the general path (other zones, no zone, infinity) — and the database's own values come back so.
 */
import assert from "node:assert/strict";
import { isoViaDate, parseTimestamp } from "../../shared/db/timestamps.ts";
import { withScope } from "../../shared/db/scope.ts";
import { itest, testApp } from "../helpers.ts";

/** Each text with the ISO string it must become. */
const expectations = (cases: [string, string][]) => {
  for (const [text, iso] of cases) assert.equal(parseTimestamp(text), iso, text);
};

Deno.test("parseTimestamp: UTC text with no fraction and one to six fraction digits", () => {
  expectations([
    ["2026-11-23 10:00:00+00", "2026-11-23T10:00:00.000Z"],
    ["2026-11-23 10:00:00.5+00", "2026-11-23T10:00:00.500Z"],
    ["2026-11-23 10:00:00.05+00", "2026-11-23T10:00:00.050Z"],
    ["1999-01-02 03:04:05.123+00", "1999-01-02T03:04:05.123Z"],
    ["2026-11-23 23:59:59.9999+00", "2026-11-23T23:59:59.999Z"],
    ["2026-11-23 10:00:00.12345+00", "2026-11-23T10:00:00.123Z"],
    ["2026-02-28 07:08:09.987654+00", "2026-02-28T07:08:09.987Z"],
  ]);
});

Deno.test("parseTimestamp: the fast path agrees with the Date path on many generated instants", () => {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let i = 0; i < 2000; i++) {
    const ms = next() * 1000 + (next() % 1000); // 1970 … about 2038, ms resolution
    const micros = String(next() % 1000).padStart(3, "0");
    const base = new Date(ms).toISOString().slice(0, 19).replace("T", " ");
    const frac = `${String(ms % 1000).padStart(3, "0")}${micros}`;
    for (const digits of [0, 1, 2, 3, 4, 5, 6]) {
      // PostgreSQL drops trailing zeros; a fraction of any length must give the same answer.
      const text = `${base}${digits ? "." + frac.slice(0, digits) : ""}+00`;
      assert.equal(parseTimestamp(text), isoViaDate(text), text);
    }
  }
});

Deno.test("parseTimestamp: other zones, no zone, infinity and odd text take the general path", () => {
  expectations([
    ["2026-11-23 13:00:00+03", "2026-11-23T10:00:00.000Z"],
    ["2026-11-23 15:30:00.25+05:30", "2026-11-23T10:00:00.250Z"],
    ["2026-11-23 10:00:00", "2026-11-23T10:00:00.000Z"],
    ["2026-11-23 10:00:00.75", "2026-11-23T10:00:00.750Z"],
    ["2026-11-23 10:00:00-00", "2026-11-23T10:00:00.000Z"],
    ["infinity", "infinity"],
    ["-infinity", "-infinity"],
  ]);
  // The shape of UTC text with a letter inside is not taken for it (Date refuses it).
  assert.throws(() => parseTimestamp("2026-1x-23 10:00:00+00"), RangeError);
  assert.throws(() => parseTimestamp("2026-11-23 10:00:00.+00"), RangeError);
  assert.throws(() => parseTimestamp("2026-11-23 10:00:00,5+00"), RangeError);
});

itest("parseTimestamp: the database's timestamps come back as ISO strings", async () => {
  const { platform } = await testApp();
  await withScope(platform.db.sql, {}, async (tx) => {
    const [row] = await tx`
      select '2026-11-23 10:00:00.123456+00'::timestamptz as micro,
             '2026-11-23 10:00:00+00'::timestamptz as whole,
             '2026-11-23 10:00:00.5'::timestamp as local,
             'infinity'::timestamptz as forever`;
    assert.deepEqual({ ...row }, {
      micro: "2026-11-23T10:00:00.123Z",
      whole: "2026-11-23T10:00:00.000Z",
      local: "2026-11-23T10:00:00.500Z",
      forever: "infinity",
    });
  });
});
