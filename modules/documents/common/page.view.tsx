import type { ComponentChildren } from "preact";
import type { C } from "../../../shared/http/pages.ts";
import { page, type PageOptions } from "../../../ui/kit.ts";

/** The module's script and style (our CSP allows only our own files). */
export const ASSETS = (
  <>
    <link rel="stylesheet" href="/assets/documents.css" />
    <script src="/assets/documents.js" defer></script>
  </>
);

/**
 * A documents page in the shell, with the module's assets. Forms post with htmx and push the
 * address they end on (see ActionForm); a page answered straight to a post (an error, a new
 * share link) tells htmx to keep the address, or reload would repeat the post as a GET.
 */
export function docsPage(
  c: C,
  title: string,
  body: ComponentChildren,
  opts: PageOptions = {},
) {
  if (c.req.method !== "GET") c.header("HX-Push-Url", "false");
  return page(c, title, <>{body}{ASSETS}</>, opts);
}
