const BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  bmp: "image/bmp",
  svg: "image/svg+xml",
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  json: "application/json",
  xml: "application/xml",
  html: "text/html",
  htm: "text/html",
  zip: "application/zip",
  mp4: "video/mp4",
  webm: "video/webm",
  mp3: "audio/mpeg",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
};

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The type a client sent when it is a well-formed one, else a guess from the extension. */
export function contentTypeFor(sent: string | undefined, name: string): string {
  const clean = (sent ?? "").split(";")[0].trim().toLowerCase();
  if (MIME.test(clean) && clean !== "application/octet-stream") return clean;
  const ext = name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
  return BY_EXTENSION[ext] ?? "application/octet-stream";
}

/** Types shown inline by the preview (never HTML or SVG: they could run script). */
export function previewKind(type: string): "image" | "pdf" | "text" | "video" | "audio" | null {
  if (type === "image/svg+xml") return null;
  if (/^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(type)) return "image";
  if (type === "application/pdf") return "pdf";
  if (/^text\/(plain|markdown|csv)$/.test(type) || type === "application/json") return "text";
  if (/^video\/(mp4|webm)$/.test(type)) return "video";
  if (/^audio\/(mpeg|ogg|wav)$/.test(type)) return "audio";
  return null;
}

/** The kinds the dashboard, the type filter and the file lists name (search.repo's TYPE_PATTERNS). */
export const FILE_KINDS = [
  "image",
  "video",
  "audio",
  "pdf",
  "text",
  "document",
  "spreadsheet",
  "presentation",
  "archive",
  "other",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const KIND_TESTS: [FileKind, RegExp][] = [
  ["image", /^image\//],
  ["video", /^video\//],
  ["audio", /^audio\//],
  ["pdf", /^application\/pdf$/],
  ["text", /^text\/|^application\/json$/],
  [
    "document",
    /^application\/(msword|vnd\.openxmlformats-officedocument\.word|vnd\.oasis\.opendocument\.text)/,
  ],
  ["spreadsheet", /^application\/vnd\.ms-excel$|spreadsheet/],
  ["presentation", /^application\/vnd\.ms-powerpoint$|presentation/],
  ["archive", /^application\/(zip|x-7z-compressed|gzip|x-tar)$/],
];

/** What kind of file a content type is, for labels and icons (never shown as the raw type). */
export function fileKind(type: string | null | undefined): FileKind {
  const t = (type ?? "").toLowerCase();
  return KIND_TESTS.find(([, re]) => re.test(t))?.[0] ?? "other";
}

/** A lucide icon per kind. */
export const KIND_ICONS: Record<FileKind, string> = {
  image: "file-image",
  video: "file-video",
  audio: "file-audio",
  pdf: "file-text",
  text: "file-text",
  document: "file-text",
  spreadsheet: "file-spreadsheet",
  presentation: "presentation",
  archive: "file-archive",
  other: "file",
};
