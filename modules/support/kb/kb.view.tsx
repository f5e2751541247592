import {
  Badge,
  Button,
  Card,
  type Column,
  DataTable,
  Dialog,
  EmptyState,
  Field,
  Filters,
  IconButton,
  RelativeTime,
  SubmitRow,
  Tabs,
  useT,
} from "../../../ui/kit.ts";
import { type Flash, FlashMessage } from "../common/ui.view.tsx";
import type { KbArticle, KbCategory, KbReportRow } from "./kb.schemas.ts";
import type { KbLocale } from "./kb.lib.ts";
import { displayTitle } from "./kb.rules.ts";
import "./kb.messages.ts";

export const KB = "/support/kb";

/** The knowledge base's styles (shared with the help centre: snippets, marks, images). */
const KbStyles = () => <link rel="stylesheet" href="/assets/help-centre.css" />;

/** Articles | Categories | Feedback. */
export function KbTabs({ current }: { current: "articles" | "categories" | "report" }) {
  const t = useT();
  return (
    <Tabs
      label={t("page.kb")}
      items={[
        { href: KB, label: t("support.kb.articles"), current: current === "articles" },
        {
          href: `${KB}/categories`,
          label: t("support.kb.categories"),
          current: current === "categories",
        },
        { href: `${KB}/report`, label: t("support.kb.report"), current: current === "report" },
      ]}
    />
  );
}

export function StatusBadge({ status }: { status: "draft" | "published" }) {
  const t = useT();
  return (
    <Badge tone={status === "published" ? "green" : "gray"}>
      {t(status === "published" ? "support.kb.status.published" : "support.kb.status.draft")}
    </Badge>
  );
}

export function VisibilityBadge({ visibility }: { visibility: "internal" | "public" }) {
  const t = useT();
  return (
    <Badge tone={visibility === "public" ? "blue" : "purple"}>
      {t(
        visibility === "public" ? "support.kb.visibility.public" : "support.kb.visibility.internal",
      )}
    </Badge>
  );
}

const categoryName = (c: KbCategory, l: KbLocale) =>
  l === "tr" ? (c.name.tr || c.name.en) : (c.name.en || c.name.tr);

export interface KbListFilter {
  q: string;
  status: string;
  visibility: string;
  categoryId: string;
}

/** The filter bar and either the article table or, with a query, the search results. */
export function KbList(
  { filter, categories, articles, hits, nextHref, locale, flash }: {
    filter: KbListFilter;
    categories: KbCategory[];
    articles: KbArticle[];
    hits: {
      id: string;
      titleHtml: string;
      snippetHtml: string;
      status: "draft" | "published";
      visibility: "internal" | "public";
    }[] | null;
    nextHref: string | null;
    locale: KbLocale;
    flash?: Flash;
  },
) {
  const t = useT();
  const cats = new Map(categories.map((c) => [c.id, categoryName(c, locale)]));
  const columns: Column<KbArticle>[] = [
    {
      label: t("support.kb.title"),
      cell: (a) => <a href={`${KB}/${a.id}`}>{displayTitle(a, locale)}</a>,
    },
    { label: t("support.kb.status"), cell: (a) => <StatusBadge status={a.status} /> },
    {
      label: t("support.kb.visibility"),
      cell: (a) => <VisibilityBadge visibility={a.visibility} />,
    },
    {
      label: t("support.kb.category"),
      wide: true,
      cell: (a) => (a.categoryId ? cats.get(a.categoryId) : <span class="muted">—</span>),
    },
    {
      label: t("support.kb.languages"),
      wide: true,
      cell: (a) =>
        (["en", "tr"] as const).filter((l) => a[l].title).map((l) =>
          t(l === "en" ? "support.kb.lang.en" : "support.kb.lang.tr")
        ).join(", "),
    },
    { label: t("support.kb.updated"), cell: (a) => <RelativeTime at={a.updatedAt} /> },
  ];
  return (
    <div id="kb-list" class="kb-stack">
      <KbStyles />
      <FlashMessage flash={flash} />
      <Filters action={KB} target="#kb-list" label={t("support.kb.search")}>
        <Field label={t("support.kb.search")}>
          <input type="search" name="q" value={filter.q} maxLength={200} />
        </Field>
        <Field label={t("support.kb.status")}>
          <select name="status">
            <option value="">{t("support.kb.anyStatus")}</option>
            {(["draft", "published"] as const).map((s) => (
              <option value={s} selected={filter.status === s}>
                {t(s === "draft" ? "support.kb.status.draft" : "support.kb.status.published")}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("support.kb.visibility")}>
          <select name="visibility">
            <option value="">{t("support.kb.anyVisibility")}</option>
            {(["internal", "public"] as const).map((v) => (
              <option value={v} selected={filter.visibility === v}>
                {t(
                  v === "public"
                    ? "support.kb.visibility.public"
                    : "support.kb.visibility.internal",
                )}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("support.kb.category")}>
          <select name="categoryId">
            <option value="">{t("support.kb.anyCategory")}</option>
            {categories.map((c) => (
              <option value={c.id} selected={filter.categoryId === c.id}>
                {categoryName(c, locale)}
              </option>
            ))}
          </select>
        </Field>
      </Filters>
      {hits
        ? (
          <Card flush>
            {hits.length
              ? (
                <ul class="kb-hits">
                  {hits.map((h) => (
                    <li key={h.id}>
                      <a href={`${KB}/${h.id}`} dangerouslySetInnerHTML={{ __html: h.titleHtml }} />
                      <StatusBadge status={h.status} />
                      <VisibilityBadge visibility={h.visibility} />
                      <p class="help-snippet" dangerouslySetInnerHTML={{ __html: h.snippetHtml }} />
                    </li>
                  ))}
                </ul>
              )
              : <EmptyState icon="search-x" title={t("support.kb.noMatch")} />}
          </Card>
        )
        : (
          <DataTable
            id="kb-articles"
            label={t("support.kb.articles")}
            rows={articles}
            columns={columns}
            empty={<EmptyState icon="book-open" title={t("support.kb.empty")} />}
            more={nextHref ? { href: nextHref, label: t("ui.loadMore") } : undefined}
          />
        )}
    </div>
  );
}

export interface EditorState {
  article: KbArticle | null;
  lang: KbLocale;
  tab: "edit" | "preview";
  previewHtml: string;
  categories: KbCategory[];
  others: { id: string; title: string }[];
  images: { id: string; name: string; markdown: string }[];
  canWrite: boolean;
  locale: KbLocale;
  flash?: Flash;
  /** What a refused form held (shown again). */
  draft?: Partial<{ title: string; description: string; body: string; slug: string }>;
}

/** The article editor: one language version per tab, shared settings, preview, publish. */
export function KbEditor(s: EditorState) {
  const t = useT();
  const a = s.article;
  const base = a ? `${KB}/${a.id}` : `${KB}/new`;
  const v = a ? a[s.lang] : { title: "", description: "", body: "" };
  const val = { ...v, slug: a?.slug ?? "", ...s.draft };
  const tabs = [
    ...(["en", "tr"] as const).map((l) => ({
      href: `${base}?lang=${l}`,
      label: t(l === "en" ? "support.kb.lang.en" : "support.kb.lang.tr") +
        (a && !a[l].title ? ` · ${t("support.kb.missingVersion")}` : ""),
      current: s.tab === "edit" && s.lang === l,
    })),
    ...(a
      ? [{
        href: `${base}?lang=${s.lang}&tab=preview`,
        label: t("support.kb.preview"),
        current: s.tab === "preview",
      }]
      : []),
  ];
  return (
    <div id="kb-editor" class="kb-stack">
      <KbStyles />
      <script src="/assets/support-kb.js" defer></script>
      <FlashMessage flash={s.flash} />
      {a && (
        <Card>
          <div class="kb-state">
            <StatusBadge status={a.status} />
            <VisibilityBadge visibility={a.visibility} />
            {a.publicUrl
              ? (
                <a href={a.publicUrl} target="_blank" rel="noopener">
                  {t("support.kb.publicLink")}
                </a>
              )
              : <span class="muted">{t("support.kb.notPublic")}</span>}
            {a.sourceTicketId && (
              <a href={`/support/tickets/${a.sourceTicketId}`}>{t("support.kb.fromTicket")}</a>
            )}
            <span class="muted">
              {t("support.kb.helpful")} {a.helpfulCount} · {t("support.kb.notHelpful")}{" "}
              {a.notHelpfulCount} · {t("support.kb.solved")} {a.solvedCount}
            </span>
          </div>
          {s.canWrite && (
            <div class="kb-actions">
              <form
                method="post"
                action={`${base}/${a.status === "published" ? "unpublish" : "publish"}`}
              >
                <Button
                  type="submit"
                  variant={a.status === "published" ? "secondary" : "primary"}
                  icon={a.status === "published" ? "eye-off" : "send"}
                >
                  {t(a.status === "published" ? "support.kb.unpublish" : "support.kb.publish")}
                </Button>
              </form>
              <form
                method="post"
                action={`${base}/delete`}
                data-confirm={t("support.kb.deleteConfirm")}
              >
                <Button type="submit" variant="danger" icon="trash-2">
                  {t("support.kb.delete")}
                </Button>
              </form>
            </div>
          )}
        </Card>
      )}
      <Tabs label={t("support.kb.editorTabs")} items={tabs} />
      {s.tab === "preview" && a
        ? (
          <Card>
            <article class="help-article" lang={s.lang}>
              <h2>{v.title || t("support.kb.missingVersion")}</h2>
              {v.description && <p class="help-lead">{v.description}</p>}
              <div class="markdown help-body" dangerouslySetInnerHTML={{ __html: s.previewHtml }} />
            </article>
          </Card>
        )
        : (
          <Card>
            <form method="post" action={base} class="form-grid" lang={s.lang}>
              <input type="hidden" name="lang" value={s.lang} />
              <Field label={t("support.kb.title")} wide>
                <input name="title" value={val.title} maxLength={200} disabled={!s.canWrite} />
              </Field>
              <Field
                label={t("support.kb.description")}
                hint={t("support.kb.descriptionHint")}
                wide
              >
                <input
                  name="description"
                  value={val.description}
                  maxLength={500}
                  disabled={!s.canWrite}
                />
              </Field>
              <Field label={t("support.kb.body")} hint={t("support.kb.bodyHint")} wide>
                <textarea name="body" rows={16} maxLength={100000} disabled={!s.canWrite}>
                  {val.body}
                </textarea>
              </Field>
              <Field label={t("support.kb.slug")} hint={t("support.kb.slugHint")}>
                <input
                  name="slug"
                  value={val.slug}
                  maxLength={120}
                  pattern="[a-z0-9][a-z0-9-]*"
                  disabled={!s.canWrite}
                />
              </Field>
              <Field label={t("support.kb.category")}>
                <select name="categoryId" disabled={!s.canWrite}>
                  <option value="">{t("support.kb.noCategory")}</option>
                  {s.categories.map((c) => (
                    <option value={c.id} selected={a?.categoryId === c.id}>
                      {categoryName(c, s.locale)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t("support.kb.visibility")}>
                <select name="visibility" disabled={!s.canWrite}>
                  {(["internal", "public"] as const).map((x) => (
                    <option value={x} selected={(a?.visibility ?? "internal") === x}>
                      {t(
                        x === "public"
                          ? "support.kb.visibility.public"
                          : "support.kb.visibility.internal",
                      )}
                    </option>
                  ))}
                </select>
              </Field>
              {s.others.length > 0 && (
                <Field label={t("support.kb.related")} hint={t("support.kb.relatedHint")}>
                  <select
                    name="relatedIds"
                    multiple
                    size={Math.min(6, s.others.length)}
                    disabled={!s.canWrite}
                  >
                    {s.others.map((o) => (
                      <option
                        value={o.id}
                        selected={a?.related.some((r) => r.id === o.id)}
                      >
                        {o.title}
                      </option>
                    ))}
                  </select>
                </Field>
              )}
              {s.canWrite && <SubmitRow wide icon="save">{t("support.kb.save")}</SubmitRow>}
            </form>
          </Card>
        )}
      {a && (
        <Card title={t("support.kb.images")}>
          <p class="muted">{t("support.kb.imagesHint")}</p>
          {s.images.length
            ? (
              <ul class="kb-images">
                {s.images.map((img) => (
                  <li key={img.id}>
                    <img src={`${base}/images/${img.id}`} alt={img.name} loading="lazy" />
                    <code>{img.markdown}</code>
                  </li>
                ))}
              </ul>
            )
            : <p class="muted">{t("support.kb.noImages")}</p>}
          {s.canWrite && (
            <form
              method="post"
              action={`${base}/images`}
              enctype="multipart/form-data"
              class="kb-upload"
            >
              <Field label={t("support.kb.imageFile")}>
                <input
                  type="file"
                  name="file"
                  accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
                  required
                />
              </Field>
              <Button type="submit" variant="secondary" icon="upload">
                {t("support.kb.upload")}
              </Button>
            </form>
          )}
        </Card>
      )}
    </div>
  );
}

function CategoryForm({ c, action }: { c?: KbCategory; action: string }) {
  const t = useT();
  return (
    <form
      method="post"
      action={action}
      hx-post={action}
      hx-target="#kb-categories"
      hx-swap="outerHTML"
      class="form-grid"
    >
      <Field label={`${t("support.kb.name")} · ${t("support.kb.lang.en")}`}>
        <input name="nameEn" value={c?.name.en ?? ""} maxLength={120} lang="en" />
      </Field>
      <Field label={`${t("support.kb.name")} · ${t("support.kb.lang.tr")}`}>
        <input name="nameTr" value={c?.name.tr ?? ""} maxLength={120} lang="tr" />
      </Field>
      <Field label={`${t("support.kb.description")} · ${t("support.kb.lang.en")}`}>
        <input name="descriptionEn" value={c?.description.en ?? ""} maxLength={500} lang="en" />
      </Field>
      <Field label={`${t("support.kb.description")} · ${t("support.kb.lang.tr")}`}>
        <input name="descriptionTr" value={c?.description.tr ?? ""} maxLength={500} lang="tr" />
      </Field>
      <Field label={t("support.kb.position")}>
        <input name="position" type="number" min={0} max={100000} value={c?.position ?? 0} />
      </Field>
      <SubmitRow wide icon="save">{t("support.kb.save")}</SubmitRow>
    </form>
  );
}

export function NewCategoryDialog() {
  const t = useT();
  return (
    <Dialog
      id="kb-new-category"
      title={t("support.kb.newCategory")}
      trigger={t("support.kb.newCategory")}
      icon="plus"
      closeLabel={t("support.kb.close")}
    >
      <CategoryForm action={`${KB}/categories`} />
    </Dialog>
  );
}

export function KbCategories(
  { categories, locale, canWrite, flash }: {
    categories: KbCategory[];
    locale: KbLocale;
    canWrite: boolean;
    flash?: Flash;
  },
) {
  const t = useT();
  return (
    <div id="kb-categories" class="kb-stack">
      <FlashMessage flash={flash} />
      <DataTable
        id="kb-category-table"
        label={t("support.kb.categories")}
        rows={categories}
        columns={[
          { label: t("support.kb.name"), cell: (c) => categoryName(c, locale) },
          { label: t("support.kb.articleCount"), numeric: true, cell: (c) => c.articleCount },
          { label: t("support.kb.position"), numeric: true, wide: true, cell: (c) => c.position },
        ]}
        actions={canWrite
          ? (c) => (
            <>
              <Dialog
                id={`kb-cat-${c.id}`}
                title={t("support.kb.editCategory")}
                trigger={t("support.kb.editCategory")}
                triggerLabel={`${t("support.kb.editCategory")}: ${categoryName(c, locale)}`}
                icon="pencil"
                iconOnly
                closeLabel={t("support.kb.close")}
              >
                <CategoryForm c={c} action={`${KB}/categories/${c.id}`} />
              </Dialog>
              <form
                method="post"
                action={`${KB}/categories/${c.id}/delete`}
                hx-post={`${KB}/categories/${c.id}/delete`}
                hx-target="#kb-categories"
                hx-swap="outerHTML"
                class="inline"
              >
                <IconButton
                  icon="trash-2"
                  label={`${t("support.kb.deleteCategory")}: ${categoryName(c, locale)}`}
                  type="submit"
                  variant="ghost"
                />
              </form>
            </>
          )
          : undefined}
        empty={<EmptyState icon="folder-open" title={t("support.kb.noCategories")} />}
      />
    </div>
  );
}

export function KbReportView(
  { rows, totals, from, to }: {
    rows: KbReportRow[];
    totals: { helpful: number; notHelpful: number; solved: number };
    from: string;
    to: string;
  },
) {
  const t = useT();
  return (
    <div id="kb-report" class="kb-stack">
      <Filters action={`${KB}/report`} target="#kb-report" label={t("support.kb.report")}>
        <Field label={t("support.kb.from")}>
          <input type="date" name="from" value={from} />
        </Field>
        <Field label={t("support.kb.to")}>
          <input type="date" name="to" value={to} />
        </Field>
      </Filters>
      <DataTable
        id="kb-report-table"
        label={t("support.kb.report")}
        rows={rows}
        columns={[
          { label: t("support.kb.title"), cell: (r) => <a href={`${KB}/${r.id}`}>{r.title}</a> },
          {
            label: t("support.kb.status"),
            wide: true,
            cell: (r) => <StatusBadge status={r.status} />,
          },
          { label: t("support.kb.helpful"), numeric: true, cell: (r) => r.helpful },
          { label: t("support.kb.notHelpful"), numeric: true, cell: (r) => r.notHelpful },
          { label: t("support.kb.solved"), numeric: true, cell: (r) => r.solved },
        ]}
        empty={<EmptyState icon="chart-bar" title={t("support.kb.noFeedback")} />}
      />
      <p class="muted">
        {t("support.kb.total")}: {t("support.kb.helpful")} {totals.helpful} ·{" "}
        {t("support.kb.notHelpful")} {totals.notHelpful} · {t("support.kb.solved")} {totals.solved}
      </p>
    </div>
  );
}

/** The ticket page's picker: public articles to insert as a link into the reply text. */
export function KbPickerResults(
  { hits, origin }: {
    hits: { id: string; title: string; url: string; snippetHtml: string }[];
    origin: string;
  },
) {
  const t = useT();
  if (!hits.length) return <p class="muted" id="kb-picker-results">{t("support.kb.noMatch")}</p>;
  return (
    <ul class="kb-picker-results" id="kb-picker-results">
      {hits.map((h) => (
        <li key={h.id}>
          <span class="kb-picker-title">{h.title}</span>
          <Button
            type="button"
            small
            variant="secondary"
            icon="link"
            data-kb-insert={`${h.title}: ${new URL(h.url, origin).toString()}`}
          >
            {t("support.kb.insert")}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The picker's dialog beside the reply box (support-kb.js inserts the chosen link). */
export function KbPicker({ target }: { target: string }) {
  const t = useT();
  return (
    <div class="kb-picker">
      <KbStyles />
      <script src="/assets/support-kb.js" defer></script>
      <Dialog
        id="kb-picker"
        title={t("support.kb.insertLink")}
        trigger={t("support.kb.insertLink")}
        icon="book-open"
        variant="secondary"
        small
        closeLabel={t("support.kb.close")}
      >
        <div class="kb-stack" data-kb-target={target}>
          <p class="muted">{t("support.kb.pickerHint")}</p>
          <Field label={t("support.kb.pickerSearch")}>
            <input
              type="search"
              name="q"
              maxLength={200}
              hx-get={`${KB}/picker`}
              hx-trigger="input changed delay:300ms, search"
              hx-target="#kb-picker-results"
              hx-swap="outerHTML"
            />
          </Field>
          <p class="muted" id="kb-picker-results"></p>
        </div>
      </Dialog>
    </div>
  );
}

/** "Turn into article" on a public reply of the ticket page. */
export function ToArticleButton({ ticketId, commentId }: { ticketId: string; commentId: string }) {
  const t = useT();
  return (
    <form method="post" action={`${KB}/from-comment`} class="inline">
      <input type="hidden" name="ticketId" value={ticketId} />
      <input type="hidden" name="commentId" value={commentId} />
      <Button type="submit" small variant="ghost" icon="book-plus">
        {t("support.kb.toArticle")}
      </Button>
    </form>
  );
}
