/**
 * Text extraction throughput (issue 38): MB of input per second through each extractor of
 * modules/documents/fulltext, on documents built in memory (no database, no storage). Prints one
 * table row per format: input size, text kept, best and median of several runs.
 *
 *   deno run --config deno.test.json --allow-all bench/fulltext.ts [--runs=5]
 */
import { extractText } from "../modules/documents/fulltext/fulltext.lib.ts";
import type { TextKind } from "../modules/documents/fulltext/fulltext.rules.ts";
import { docx, odt, pdf, xlsx } from "../tests/documents/fulltext.fixtures.ts";

const runs = Number(Deno.args.find((a) => a.startsWith("--runs="))?.slice(7) ?? 5);
const enc = new TextEncoder();
const WORDS = ["ödeme", "sözleşme", "invoice", "contract", "İstanbul", "teslim", "quarterly"];
const sentence = (i: number) =>
  Array.from({ length: 12 }, (_, k) => WORDS[(i * 7 + k) % WORDS.length]).join(" ") + ` ${i}.`;
const ascii = (i: number) => sentence(i).normalize("NFKD").replace(/[^\x20-\x7e]/g, "");

const lines = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

const cases: [string, TextKind, () => Promise<Uint8Array>][] = [
  ["text (UTF-8)", "text", () => Promise.resolve(enc.encode(lines(60_000, sentence).join("\n")))],
  [
    "CSV",
    "text",
    () =>
      Promise.resolve(
        enc.encode(lines(60_000, (i) => `${i},"${sentence(i)}",${i * 3}`).join("\n")),
      ),
  ],
  [
    "HTML",
    "html",
    () =>
      Promise.resolve(
        enc.encode(`<html><body>${
          lines(40_000, (i) => `<p class="x">${sentence(i)}</p>`).join("")
        }</body></html>`),
      ),
  ],
  [
    "PDF (500 pages)",
    "pdf",
    () => Promise.resolve(pdf(lines(500, (i) => lines(8, ascii).join(" ") + i))),
  ],
  ["DOCX", "docx", () => docx(lines(20_000, sentence).join(" "))],
  ["XLSX (20,000 cells)", "xlsx", () => xlsx(lines(10_000, (i) => [`${i}`, sentence(i)]))],
  ["ODT", "odt", () => odt(lines(20_000, sentence).join(" "))],
];

console.log(`| Format | Input | Text kept | Best MB/s | Median MB/s |`);
console.log(`| --- | ---: | ---: | ---: | ---: |`);
for (const [label, kind, build] of cases) {
  const bytes = await build();
  const rates: number[] = [];
  let kept = 0;
  for (let r = 0; r < runs + 1; r++) {
    const t0 = performance.now();
    const out = await extractText(bytes, kind, { timeoutMs: 120_000 });
    const ms = performance.now() - t0;
    if (!out.ok) throw new Error(`${label}: ${out.reason} ${out.detail}`);
    kept = out.text.length;
    if (r > 0) rates.push(bytes.length / 1e6 / (ms / 1000)); // the first run loads the parser
  }
  rates.sort((a, b) => a - b);
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  console.log(
    `| ${label} | ${mb(bytes.length)} | ${(kept / 1e6).toFixed(2)} M chars | ` +
      `${rates[rates.length - 1].toFixed(1)} | ${rates[Math.floor(rates.length / 2)].toFixed(1)} |`,
  );
}
