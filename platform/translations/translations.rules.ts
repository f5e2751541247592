import { problems } from "../../shared/http/problem.ts";
import { builtinCatalog, hasMessageKey, LOCALE_PATTERN } from "../../shared/i18n/i18n.ts";

/** Longest text a tenant may store for one message. */
export const MAX_VALUE_LENGTH = 4000;

export function checkLocale(locale: string, path = "locale") {
  if (!LOCALE_PATTERN.test(locale)) {
    throw problems.validation([{
      path,
      message: "A language code like en, tr, de or pt-BR (^[a-z]{2,3}(-[A-Z]{2})?$).",
    }]);
  }
}

/** Only keys of the catalog can be translated. */
export function checkKey(key: string) {
  if (!hasMessageKey(key)) {
    throw problems.unprocessable(`There is no message with the key "${key}".`);
  }
}

export const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** A non-empty text that uses only the placeholders the English message provides. */
export function checkValue(key: string, value: string) {
  if (value.trim() === "") {
    throw problems.validation([{ path: "value", message: "Enter a text (use reset to go back)." }]);
  }
  if (value.length > MAX_VALUE_LENGTH) {
    throw problems.validation([{
      path: "value",
      message: `At most ${MAX_VALUE_LENGTH} characters.`,
    }]);
  }
  const allowed = placeholders(builtinCatalog("en")?.[key] ?? "");
  const unknown = placeholders(value).filter((p) => !allowed.includes(p));
  if (unknown.length) {
    const offered = allowed.length ? allowed.map((p) => `{${p}}`).join(", ") : "none";
    throw problems.unprocessable(
      `Unknown placeholder ${
        unknown.map((p) => `{${p}}`).join(", ")
      }; this message offers ${offered}.`,
    );
  }
}
