import { DAV, escapeXml } from "./webdav.rules.ts";

/** Responses of the WebDAV routes: XML bodies and empty statuses. */

const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n';

export function xmlResponse(status: number, body: string, headers: HeadersInit = {}) {
  return new Response(XML_HEAD + body, {
    status,
    headers: { "Content-Type": "application/xml; charset=utf-8", ...headers },
  });
}

export const empty = (status: number, headers: HeadersInit = {}) =>
  new Response(null, { status, headers });

/** An RFC 4918 error body naming the precondition that failed. */
export const davError = (status: number, condition: string, inner = "") =>
  xmlResponse(
    status,
    `<D:error xmlns:D="${DAV}"><D:${condition}>${inner}</D:${condition}></D:error>`,
  );

export interface PropStat {
  status: number;
  props: string[];
}

const REASONS: Record<number, string> = {
  200: "OK",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  424: "Failed Dependency",
  507: "Insufficient Storage",
};

export function responseXml(href: string, stats: PropStat[]): string {
  const body = stats.filter((s) => s.props.length).map((s) =>
    `<D:propstat><D:prop>${s.props.join("")}</D:prop>` +
    `<D:status>HTTP/1.1 ${s.status} ${REASONS[s.status] ?? ""}</D:status></D:propstat>`
  ).join("");
  return `<D:response><D:href>${escapeXml(href)}</D:href>${body}</D:response>`;
}

export const multistatus = (responses: string[]) =>
  xmlResponse(207, `<D:multistatus xmlns:D="${DAV}">${responses.join("")}</D:multistatus>`);

export interface LockView {
  token: string;
  exclusive: boolean;
  infinite: boolean;
  ownerXml: string | null;
  timeoutSeconds: number;
  root: string;
}

export function activeLockXml(l: LockView): string {
  return `<D:activelock><D:locktype><D:write/></D:locktype>` +
    `<D:lockscope>${l.exclusive ? "<D:exclusive/>" : "<D:shared/>"}</D:lockscope>` +
    `<D:depth>${l.infinite ? "infinity" : "0"}</D:depth>` +
    (l.ownerXml ? `<D:owner>${l.ownerXml}</D:owner>` : "") +
    `<D:timeout>Second-${l.timeoutSeconds}</D:timeout>` +
    `<D:locktoken><D:href>${escapeXml(l.token)}</D:href></D:locktoken>` +
    `<D:lockroot><D:href>${escapeXml(l.root)}</D:href></D:lockroot></D:activelock>`;
}

export const SUPPORTED_LOCK = "<D:supportedlock>" +
  "<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype>" +
  "</D:lockentry><D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/>" +
  "</D:locktype></D:lockentry></D:supportedlock>";
