import { Hono } from "hono";
import type { AppEnv } from "../../shared/http/env.ts";
import { actorOf } from "../../shared/http/actor.ts";
import { page, tr } from "../../ui/kit.ts";
import { searchEverything } from "./search.service.ts";
import { MAX_QUERY, MIN_QUERY, type SearchResults } from "./search.schemas.ts";
import { SearchForm, SearchResultsView } from "./search.view.tsx";

/** Hits of each kind on the page (the API's default is 5). */
const PAGE_LIMIT = 10;

/**
 * /search?q=: every module's hits, grouped. The top bar's search box submits here. A query
 * that is too short or too long is a message on the page, not an error page.
 */
export const searchPages = new Hono<AppEnv>()
  .get("/", async (c) => {
    const t = tr(c);
    const raw = c.req.query("q") ?? "";
    const q = raw.trim();
    let message: string | null = null;
    let results: SearchResults | null = null;
    if (q.length > MAX_QUERY) message = t("search.tooLong", { max: MAX_QUERY });
    else if (q.length > 0 && q.length < MIN_QUERY) {
      message = t("search.tooShort", { min: MIN_QUERY });
    } else if (q) {
      results = await searchEverything(actorOf(c), {
        modules: c.var.platform.modules,
        input: { q, limit: PAGE_LIMIT },
        locale: c.var.locale,
      });
    }
    return page(
      c,
      q ? `${t("search.title")}: ${q.slice(0, MAX_QUERY)}` : t("search.title"),
      (
        <>
          <SearchForm q={raw.slice(0, MAX_QUERY)} />
          <SearchResultsView q={q} message={message} results={results} />
        </>
      ),
    );
  });
