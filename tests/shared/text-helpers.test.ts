import assert from "node:assert/strict";
import { plainText, renderMarkdown } from "../../shared/text/markdown.ts";
import { toCsv } from "../../shared/http/csv.ts";
import { decodeCursor, encodeCursor } from "../../shared/http/paging.ts";

Deno.test("markdown keeps formatting and drops script, handlers and javascript: links", () => {
  const html = renderMarkdown(
    "**bold** <script>alert(1)</script> [x](javascript:alert(1)) [y](https://example.com)\n\n" +
      "<img src=x onerror=alert(1)>",
  );
  assert.match(html, /<strong>bold<\/strong>/);
  assert.match(html, /href="https:\/\/example.com" rel="noopener noreferrer nofollow"/);
  assert.doesNotMatch(html, /script|onerror|javascript:|<img/i);
  assert.equal(plainText("<b>a</b> &amp; b"), "a &amp; b");
});

Deno.test("CSV quotes, escapes and neutralises spreadsheet formulas", () => {
  const csv = toCsv([{ a: "=SUM(A1)", b: 'say "hi", ok' }, { a: "plain", b: null }], [
    { header: "A", value: (r) => r.a },
    { header: "B", value: (r) => r.b },
  ]);
  assert.equal(csv, `A,B\r\n'=SUM(A1),"say ""hi"", ok"\r\nplain,\r\n`);
});

Deno.test("cursors round-trip any text (Turkish letters, emoji) and refuse garbage", () => {
  const values = ["İstanbul Şube Çağrı ğüö", 42, "😀"];
  assert.deepEqual(decodeCursor(encodeCursor(values), 3), values);
  assert.throws(() => decodeCursor("%%%", 1));
  assert.throws(() => decodeCursor(btoa("\xff\xfe"), 1)); // not UTF-8
  assert.throws(() => decodeCursor(encodeCursor(["a"]), 2)); // wrong arity
});

Deno.test("cursors: ASCII and non-ASCII text both are base64url over the UTF-8 bytes", () => {
  const base64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  for (const values of [["2026-11-23T10:00:00.000Z", "a?b>~\x7f"], ["Çağrı >?", 1]]) {
    const bytes = new TextEncoder().encode(JSON.stringify(values));
    assert.equal(encodeCursor(values), base64url(bytes));
  }
});
