/**
 * Tiny documents built in memory for the full-text tests: a one-page PDF written by hand (with
 * correct xref offsets) and DOCX, XLSX and ODT packages zipped with client-zip.
 */
import { downloadZip } from "client-zip";

const enc = new TextEncoder();
const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A PDF with one page per string (ASCII), each shown in Helvetica. */
export function pdf(pages: string | string[]): Uint8Array {
  const texts = typeof pages === "string" ? [pages] : pages;
  const n = texts.length;
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its content stream per text.
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${texts.map((_, i) => `${4 + 2 * i} 0 R`).join(" ")}] /Count ${n} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  texts.forEach((text, i) => {
    const stream = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${5 + 2 * i} 0 R ` +
        "/Resources << /Font << /F1 3 0 R >> >> >>",
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  });
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return enc.encode(out);
}

async function zip(files: Record<string, string>): Promise<Uint8Array> {
  const entries = Object.entries(files).map(([name, input]) => ({ name, input }));
  return new Uint8Array(await downloadZip(entries).arrayBuffer());
}

const RELS = (type: string, target: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships ` +
  `xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="${type}" Target="${target}"/></Relationships>`;
const OFFICE_DOC =
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument";

export function docx(text: string): Promise<Uint8Array> {
  return zip({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types ` +
      `xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
      `</Types>`,
    "_rels/.rels": RELS(OFFICE_DOC, "word/document.xml"),
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8"?><w:document ` +
      `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
      `<w:p><w:r><w:t>${xmlEscape(text)}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

export function xlsx(cells: string[][]): Promise<Uint8Array> {
  const strings = cells.flat();
  let k = 0;
  const rows = cells.map((row, r) =>
    `<row r="${r + 1}">` +
    row.map((_, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="s"><v>${k++}</v></c>`)
      .join("") +
    `</row>`
  ).join("");
  const SS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return zip({
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types ` +
      `xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
      `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>` +
      `</Types>`,
    "_rels/.rels": RELS(OFFICE_DOC, "xl/workbook.xml"),
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8"?><workbook ` +
      `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${SS}">` +
      `<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships ` +
      `xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${SS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${SS}/sharedStrings" Target="sharedStrings.xml"/>` +
      `</Relationships>`,
    "xl/sharedStrings.xml": `<?xml version="1.0" encoding="UTF-8"?><sst ` +
      `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" ` +
      `uniqueCount="${strings.length}">` +
      strings.map((s) => `<si><t>${xmlEscape(s)}</t></si>`).join("") + `</sst>`,
    "xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8"?><worksheet ` +
      `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
      `<sheetData>${rows}</sheetData></worksheet>`,
  });
}

export function odt(text: string): Promise<Uint8Array> {
  return zip({
    "mimetype": "application/vnd.oasis.opendocument.text",
    "content.xml": `<?xml version="1.0" encoding="UTF-8"?><office:document-content ` +
      `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ` +
      `xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>` +
      `<text:h>Title</text:h><text:p>${xmlEscape(text)}</text:p></office:text></office:body>` +
      `</office:document-content>`,
  });
}

export const CONTENT_TYPES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  odt: "application/vnd.oasis.opendocument.text",
  csv: "text/csv",
  html: "text/html",
  md: "text/markdown",
};
