/**
 * Draws test images with @napi-rs/canvas in a process of its own (the test runner does not allow
 * FFI): reads `[[format, width, height], …]` as JSON on stdin, writes a JSON line of the images'
 * lengths, then their bytes. Run by images() in thumbnails.fixtures.ts.
 */
import { createCanvas } from "@napi-rs/canvas";

const specs = JSON.parse(await new Response(Deno.stdin.readable).text()) as [
  "jpeg" | "png" | "webp",
  number,
  number,
][];
const out: Uint8Array[] = [];
for (const [format, w, h] of specs) {
  const c = createCanvas(w, h);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#2563eb";
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = "#f59e0b";
  ctx.beginPath();
  ctx.arc(w / 2, h / 2, Math.min(w, h) / 3, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(w * 0.1, h * 0.1, w * 0.15, h * 0.15);
  out.push(new Uint8Array(await c.encode(format as "png")));
}
const w = Deno.stdout.writable.getWriter();
await w.write(new TextEncoder().encode(JSON.stringify(out.map((b) => b.length)) + "\n"));
for (const b of out) await w.write(b);
await w.close();
