/**
 * The decoding child process (started by thumbnails.process.lib.ts, never imported by the app):
 * reads one file's bytes from stdin, decodes them with @napi-rs/canvas (JPEG, PNG, WebP, GIF's
 * first frame) or renders a PDF's first page with pdfjs-dist onto a canvas, and writes WebP
 * images scaled into the boxes given as arguments to stdout: one JSON line, then the images'
 * bytes one after another. Its permissions are narrow (FFI for the canvas library, reading the
 * packages it loads); memory, CPU and wall time are limited by the parent.
 *
 * Arguments: <kind: image|pdf> <max input pixels> <box> [<box> …]
 */
import { type Canvas, createCanvas, DOMMatrix, Image, loadImage, Path2D } from "@napi-rs/canvas";
import { fitBox } from "./thumbnails.rules.ts";

interface Rendered {
  width: number;
  height: number;
  bytes: Uint8Array;
}

type Outcome =
  | { ok: true; width: number; height: number; images: { width: number; height: number }[] }
  | { ok: false; reason: "corrupt" | "too-large"; detail: string };

class Refused extends Error {
  constructor(readonly reason: "corrupt" | "too-large", message: string) {
    super(message);
  }
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of Deno.stdin.readable) {
    chunks.push(chunk);
    total += chunk.length;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Draws `source` (w×h) scaled into each box; never enlarges. */
function scaled(
  draw: (canvas: Canvas, w: number, h: number) => void,
  width: number,
  height: number,
  boxes: number[],
): Promise<Rendered[]> {
  return Promise.all(boxes.map(async (box) => {
    const { width: w, height: h } = fitBox(width, height, box);
    const canvas = createCanvas(w, h);
    draw(canvas, w, h);
    return { width: w, height: h, bytes: new Uint8Array(await canvas.encode("webp", 80)) };
  }));
}

async function renderImage(bytes: Uint8Array, maxPixels: number, boxes: number[]) {
  let img: Image;
  try {
    img = await loadImage(bytes);
  } catch (err) {
    throw new Refused("corrupt", (err as Error).message || "the image cannot be decoded");
  }
  const { width, height } = img;
  if (!width || !height) throw new Refused("corrupt", "the image has no size");
  if (width * height > maxPixels) {
    throw new Refused("too-large", `${width}x${height} pixels`);
  }
  const images = await scaled(
    (canvas, w, h) => {
      const ctx = canvas.getContext("2d");
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(img, 0, 0, w, h);
    },
    width,
    height,
    boxes,
  );
  return { width, height, images };
}

async function renderPdf(bytes: Uint8Array, maxPixels: number, boxes: number[]) {
  // pdfjs looks these up when it loads; it gets them from the library already loaded here.
  const g = globalThis as Record<string, unknown>;
  g.DOMMatrix ??= DOMMatrix;
  g.Path2D ??= Path2D;
  const [pdfjs, worker] = await Promise.all([
    import("pdfjs-dist/legacy/build/pdf.mjs"),
    import("pdfjs-dist/legacy/build/pdf.worker.mjs"),
  ]);
  g.pdfjsWorker ??= worker;
  const fonts = decodeURIComponent(
    new URL(import.meta.resolve("pdfjs-dist/standard_fonts/")).pathname,
  ).replace(/\/?$/, "/");
  const task = pdfjs.getDocument({
    data: bytes,
    standardFontDataUrl: fonts,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    let doc;
    try {
      doc = await task.promise;
    } catch (err) {
      throw new Refused("corrupt", (err as Error).message || "not a PDF");
    }
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const largest = Math.max(...boxes);
    const fit = fitBox(base.width, base.height, largest, true);
    const scale = fit.width / base.width;
    if (fit.width * fit.height > maxPixels) throw new Refused("too-large", "page too large");
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(
      Math.max(1, Math.round(viewport.width)),
      Math.max(1, Math.round(viewport.height)),
    );
    const ctx = canvas.getContext("2d");
    // Pages are paper: white where the PDF paints nothing.
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: ctx as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    const images = await scaled(
      (out, w, h) => {
        const octx = out.getContext("2d");
        octx.imageSmoothingQuality = "high";
        octx.drawImage(canvas, 0, 0, w, h);
      },
      canvas.width,
      canvas.height,
      boxes,
    );
    return { width: Math.round(base.width), height: Math.round(base.height), images };
  } finally {
    await task.destroy();
  }
}

async function main() {
  const [kind, maxPixelsArg, ...boxArgs] = Deno.args;
  const maxPixels = Number(maxPixelsArg);
  const boxes = boxArgs.map(Number);
  const bytes = await readStdin();
  const out = Deno.stdout.writable.getWriter();
  const enc = new TextEncoder();
  let outcome: Outcome;
  let images: Rendered[] = [];
  try {
    const r = kind === "pdf"
      ? await renderPdf(bytes, maxPixels, boxes)
      : await renderImage(bytes, maxPixels, boxes);
    images = r.images;
    outcome = {
      ok: true,
      width: r.width,
      height: r.height,
      images: images.map(({ width, height }) => ({ width, height })),
    };
  } catch (err) {
    outcome = err instanceof Refused
      ? { ok: false, reason: err.reason, detail: err.message.slice(0, 300) }
      : {
        ok: false,
        reason: "corrupt",
        detail: String((err as Error)?.message ?? err).slice(0, 300),
      };
  }
  await out.write(
    enc.encode(JSON.stringify({ ...outcome, sizes: images.map((i) => i.bytes.length) }) + "\n"),
  );
  for (const i of images) await out.write(i.bytes);
  await out.close();
}

if (import.meta.main) await main();
