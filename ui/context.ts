import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Locale } from "../shared/i18n/i18n.ts";

/** What every component may need to format for the reader: language and tenant time zone. */
export interface Reader {
  locale: Locale;
  timeZone: string;
  /** Render time, so every relative time on a page agrees. */
  now: number;
}

export const ReaderContext = createContext<Reader>({ locale: "en", timeZone: "UTC", now: 0 });

/** The reader of the page being rendered (set by ui/render.tsx). */
export function useReader(): Reader {
  const r = useContext(ReaderContext);
  return r.now ? r : { ...r, now: Date.now() };
}
