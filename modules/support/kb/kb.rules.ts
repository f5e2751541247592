/** Pure rules of knowledge-base articles. */
import { problems } from "../../../shared/http/problem.ts";
import type { KbLocale } from "./kb.lib.ts";

interface Version {
  title: string;
  description: string;
  body: string;
}

/** An article needs a title in one language at least, and text only where it has a title. */
export function checkArticle(a: { en: Version; tr: Version }) {
  if (!a.en.title.trim() && !a.tr.title.trim()) {
    throw problems.validation([{ path: "en.title", message: "A title in one language at least." }]);
  }
  for (const l of ["en", "tr"] as const) {
    if (!a[l].title.trim() && (a[l].body.trim() || a[l].description.trim())) {
      throw problems.validation([{ path: `${l}.title`, message: "This version needs a title." }]);
    }
  }
}

export function articleValues(a: {
  categoryId: string | null;
  slug?: string;
  visibility: "internal" | "public";
  en: Version;
  tr: Version;
}) {
  return {
    categoryId: a.categoryId,
    slug: a.slug ?? "",
    visibility: a.visibility,
    titleEn: a.en.title,
    descriptionEn: a.en.description,
    bodyEn: a.en.body,
    titleTr: a.tr.title,
    descriptionTr: a.tr.description,
    bodyTr: a.tr.body,
  };
}

/** The title in the reader's language, else the other one. */
export function displayTitle(
  a: { titleEn?: string; titleTr?: string; en?: Version; tr?: Version },
  locale: KbLocale,
): string {
  const en = a.titleEn ?? a.en?.title ?? "";
  const tr = a.titleTr ?? a.tr?.title ?? "";
  return locale === "tr" ? (tr || en) : (en || tr);
}
