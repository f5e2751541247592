/**
 * Pictures of charts for mail: the server's ECharts SVG drawn to PNG with resvg (WebAssembly,
 * no native code) and a PDF of those pictures with pdf-lib. The SVG carries text, and resvg in
 * WebAssembly sees no system fonts, so DejaVu Sans (which covers Turkish) comes from its package.
 * Both libraries are loaded by their first use (shared/lazy.ts): only mail with charts needs them.
 */
import { lazy } from "../../../shared/lazy.ts";

const pkg = (path: string) => new URL(`../../../node_modules/${path}`, import.meta.url);

/** resvg with its WebAssembly module started, and the font, once per process. */
const renderer = lazy(async () => {
  const resvg = await import("@resvg/resvg-wasm");
  const wasm = await Deno.readFile(pkg("@resvg/resvg-wasm/index_bg.wasm"));
  const font = await Deno.readFile(pkg("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
  // Last: resvg starts once per process, so nothing after it may fail and be tried again.
  await resvg.initWasm(wasm);
  return { Resvg: resvg.Resvg, font };
});

const pdfLib = lazy(async () => {
  const [{ PDFDocument, rgb }, { default: fontkit }] = await Promise.all([
    import("pdf-lib"),
    import("@pdf-lib/fontkit"),
  ]);
  return { PDFDocument, rgb, fontkit };
});

/** A PNG of an SVG document, `scale` times its own size (2 for sharp pictures in mail). */
export async function svgToPng(svg: string, scale = 2): Promise<Uint8Array> {
  const { Resvg, font } = await renderer();
  const resvg = new Resvg(svg, {
    background: "#ffffff",
    fitTo: { mode: "zoom", value: scale },
    font: { fontBuffers: [font], defaultFontFamily: "DejaVu Sans", loadSystemFonts: false },
  });
  try {
    return resvg.render().asPng();
  } finally {
    resvg.free();
  }
}

export interface PdfPicture {
  title: string;
  png: Uint8Array;
}

/**
 * A PDF with a heading and one picture per section, A4 landscape, as many pages as needed.
 * Titles use the embedded DejaVu Sans (subset), so Turkish letters print as they are.
 */
export async function picturesToPdf(heading: string, pictures: PdfPicture[]): Promise<Uint8Array> {
  const { PDFDocument, rgb, fontkit } = await pdfLib();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  // The document's title (what a reader's window and search show) is the heading.
  pdf.setTitle(heading, { showInWindowTitleBar: true });
  const font = await pdf.embedFont((await renderer()).font, { subset: true });
  const [W, H, M] = [842, 595, 36];
  let page = pdf.addPage([W, H]);
  let y = H - M;
  page.drawText(heading, { x: M, y: y - 18, size: 18, font, color: rgb(0.1, 0.1, 0.1) });
  y -= 40;
  for (const p of pictures) {
    const img = await pdf.embedPng(p.png);
    const w = Math.min(W - 2 * M, img.width), h = img.height * (w / img.width);
    if (y - h - 24 < M) {
      page = pdf.addPage([W, H]);
      y = H - M;
    }
    page.drawText(p.title, { x: M, y: y - 12, size: 12, font });
    page.drawImage(img, { x: M, y: y - 18 - h, width: w, height: h });
    y -= h + 36;
  }
  return await pdf.save();
}
