/**
 * Thumbnails throughput: N JPEGs of about 1 megapixel (1280×800, drawn with @napi-rs/canvas in a
 * child, as the tests do) rendered into the small and large WebP images by the decoding child
 * process (thumbnails.process.lib.ts, one process per file as the job runs it), one at a time and
 * two at a time (the job's per-tenant limit). No database.
 *
 *   deno run --config deno.test.json -A bench/thumbnails.ts   (BENCH_FILES=20)
 */
import { renderThumbnails } from "../modules/documents/thumbnails/thumbnails.process.lib.ts";
import { BOXES } from "../modules/documents/thumbnails/thumbnails.rules.ts";
import { images } from "../tests/documents/thumbnails.fixtures.ts";

const N = Number(Deno.env.get("BENCH_FILES") ?? 20);
const jpegs = await images(
  Array.from({ length: N }, () => ["jpeg", 1280, 800] as const).map(
    ([f, w, h]) => [f, w, h],
  ),
);

async function run(concurrency: number) {
  let next = 0;
  const times: number[] = [];
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < jpegs.length) {
      const bytes = jpegs[next++];
      const t = performance.now();
      const r = await renderThumbnails(bytes, "image", [BOXES.small, BOXES.large]);
      if (!r.ok) throw new Error(JSON.stringify(r));
      times.push(performance.now() - t);
    }
  }));
  const total = (performance.now() - began) / 1000;
  times.sort((a, b) => a - b);
  const p = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]);
  console.log(
    `concurrency ${concurrency}: ${(N / total).toFixed(2)} files/s, p50 ${p(0.5)} ms, p95 ${
      p(0.95)
    } ms per file`,
  );
}

console.log(`${N} JPEGs of 1280×800 (${Math.round(jpegs[0].length / 1024)} KB each)`);
await run(1);
await run(2);
