import type { ComponentChildren } from "preact";
import { Button, Card, DateTime, EmptyState, Icon, useT } from "../../../ui/kit.ts";
import type { HelpArticle, HelpArticleLink, HelpCategory } from "./help-centre.lib.ts";
import { helpPaths } from "./help-centre.lib.ts";
import "./help-centre.messages.ts";

/** The help centre's search box (a GET form: results have their own address). */
export function HelpSearchForm({ workspace, q }: { workspace: string; q?: string }) {
  const t = useT();
  return (
    <form method="get" action={helpPaths.search(workspace)} class="help-search" role="search">
      <label for="help-q" class="sr-only">{t("help.searchLabel")}</label>
      <input
        id="help-q"
        type="search"
        name="q"
        value={q ?? ""}
        maxLength={200}
        placeholder={t("help.searchPlaceholder")}
        autocomplete="off"
      />
      <Button type="submit" icon="search">{t("help.searchButton")}</Button>
    </form>
  );
}

/** The page's stylesheet (help-centre.css), added inside the shared portal layout. */
export const HelpStyles = () => <link rel="stylesheet" href="/assets/help-centre.css" />;

function Hero({ workspace, q, title }: { workspace: string; q?: string; title: string }) {
  return (
    <div class="help-hero">
      <h1>{title}</h1>
      <HelpSearchForm workspace={workspace} q={q} />
    </div>
  );
}

function ArticleList({ workspace, items }: { workspace: string; items: HelpArticleLink[] }) {
  return (
    <ul class="help-list">
      {items.map((a) => (
        <li key={a.id} lang={a.lang}>
          <a href={helpPaths.article(workspace, a.slug, a.lang)}>
            <Icon name="file-text" size={16} />
            <span>{a.title}</span>
          </a>
          {a.description && <p class="muted">{a.description}</p>}
        </li>
      ))}
    </ul>
  );
}

export function HelpHome(
  { workspace, title, categories, popular }: {
    workspace: string;
    title: string;
    categories: HelpCategory[];
    popular: HelpArticleLink[];
  },
) {
  const t = useT();
  return (
    <div class="help">
      <HelpStyles />
      <Hero workspace={workspace} title={title} />
      {!categories.length && !popular.length && (
        <Card>
          <EmptyState icon="book-open" title={t("help.emptyCentre")} />
        </Card>
      )}
      {categories.length > 0 && (
        <section aria-labelledby="help-topics">
          <h2 id="help-topics" class="help-h2">{t("help.categories")}</h2>
          <div class="help-cards">
            {categories.map((c) => (
              <a key={c.id} class="help-card" href={helpPaths.category(workspace, c.id)}>
                <span class="help-card-title">
                  <Icon name="folder-open" size={18} />
                  {c.name}
                </span>
                {c.description && <span class="muted">{c.description}</span>}
                <span class="help-count">{t("help.articleCount", { n: c.articleCount })}</span>
              </a>
            ))}
          </div>
        </section>
      )}
      {popular.length > 0 && (
        <Card title={t("help.popular")}>
          <ArticleList workspace={workspace} items={popular} />
        </Card>
      )}
    </div>
  );
}

function Crumbs({ items }: { items: { href?: string; label: string }[] }) {
  const t = useT();
  return (
    <nav class="crumbs help-crumbs" aria-label={t("help.title")}>
      {items.map((c, i) => (
        <span key={i}>
          {c.href ? <a href={c.href}>{c.label}</a> : <span aria-current="page">{c.label}</span>}
        </span>
      ))}
    </nav>
  );
}

export function HelpCategoryPage(
  { workspace, category, articles }: {
    workspace: string;
    category: HelpCategory;
    articles: HelpArticleLink[];
  },
) {
  const t = useT();
  return (
    <div class="help">
      <HelpStyles />
      <Crumbs
        items={[{ href: helpPaths.home(workspace), label: t("help.title") }, {
          label: category.name,
        }]}
      />
      <h1 class="help-title">{category.name}</h1>
      {category.description && <p class="muted">{category.description}</p>}
      <HelpSearchForm workspace={workspace} />
      <Card>
        {articles.length
          ? <ArticleList workspace={workspace} items={articles} />
          : <EmptyState icon="book-open" title={t("help.noArticles")} />}
      </Card>
    </div>
  );
}

/** "Was this helpful?": two buttons, answered in place by htmx (a plain post without it). */
export function FeedbackBox(
  { workspace, slug, state }: {
    workspace: string;
    slug: string;
    state?: "voted" | "again" | "throttled";
  },
) {
  const t = useT();
  if (state) {
    const text = state === "voted"
      ? t("help.thanks")
      : state === "again"
      ? t("help.alreadyVoted")
      : t("help.tooMany");
    return (
      <div id="help-feedback" class="help-feedback" role="status">
        <Icon name={state === "throttled" ? "circle-alert" : "circle-check"} size={18} />
        <span>{text}</span>
      </div>
    );
  }
  return (
    <form
      id="help-feedback"
      class="help-feedback"
      method="post"
      action={helpPaths.feedback(workspace, slug)}
      hx-post={helpPaths.feedback(workspace, slug)}
      hx-target="#help-feedback"
      hx-swap="outerHTML"
    >
      <span id="help-feedback-q">{t("help.wasHelpful")}</span>
      <div class="help-feedback-actions" role="group" aria-labelledby="help-feedback-q">
        <Button type="submit" name="helpful" value="yes" variant="secondary" small icon="thumbs-up">
          {t("help.yes")}
        </Button>
        <Button
          type="submit"
          name="helpful"
          value="no"
          variant="secondary"
          small
          icon="thumbs-down"
        >
          {t("help.no")}
        </Button>
      </div>
    </form>
  );
}

export function HelpArticlePage(
  { workspace, article, contact }: {
    workspace: string;
    article: HelpArticle;
    contact?: ComponentChildren;
  },
) {
  const t = useT();
  const crumbs = [{ href: helpPaths.home(workspace), label: t("help.title") }];
  if (article.category) {
    crumbs.push({
      href: helpPaths.category(workspace, article.category.id),
      label: article.category.name,
    });
  }
  const others = article.languages.filter((l) => l !== article.lang);
  return (
    <div class="help">
      <HelpStyles />
      <Crumbs items={[...crumbs, { label: article.title }]} />
      <article class="help-article card" lang={article.lang}>
        <h1 class="help-title">{article.title}</h1>
        <p class="muted help-meta">
          <span>{t("help.updated")}</span>
          <DateTime at={article.updatedAt} dateOnly />
          {others.map((l) => (
            <a key={l} href={helpPaths.article(workspace, article.slug, l)} lang={l} hreflang={l}>
              {t(l === "en" ? "help.readIn.en" : "help.readIn.tr")}
            </a>
          ))}
        </p>
        {article.description && <p class="help-lead">{article.description}</p>}
        <div class="markdown help-body" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
      </article>
      <FeedbackBox workspace={workspace} slug={article.slug} />
      {article.related.length > 0 && (
        <Card title={t("help.related")}>
          <ArticleList workspace={workspace} items={article.related} />
        </Card>
      )}
      {contact ?? (
        <p class="help-contact muted">
          <span>{t("help.contact")}</span>{" "}
          <a href={`/portal/${encodeURIComponent(workspace)}`}>{t("help.contactLink")}</a>
        </p>
      )}
    </div>
  );
}

export function HelpSearchPage(
  { workspace, q, hits }: {
    workspace: string;
    q: string;
    hits: { id: string; titleHtml: string; snippetHtml: string; url: string; lang: string }[];
  },
) {
  const t = useT();
  return (
    <div class="help">
      <HelpStyles />
      <Crumbs
        items={[{ href: helpPaths.home(workspace), label: t("help.title") }, {
          label: t("help.searchTitle"),
        }]}
      />
      <h1 class="help-title">{q ? t("help.resultsFor", { q }) : t("help.searchTitle")}</h1>
      <HelpSearchForm workspace={workspace} q={q} />
      {q && !hits.length && (
        <Card>
          <EmptyState icon="search-x" title={t("help.noResults", { q })} />
        </Card>
      )}
      {hits.length > 0 && (
        <ol class="help-results">
          {hits.map((h) => (
            <li key={h.id} lang={h.lang}>
              <a
                href={h.url}
                class="help-result-title"
                dangerouslySetInnerHTML={{ __html: h.titleHtml }}
              />
              <p class="help-snippet" dangerouslySetInnerHTML={{ __html: h.snippetHtml }} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
