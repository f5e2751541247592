import { splitTimes } from "./format.ts";
import { DateTime } from "./relative-time.tsx";

/**
 * Text from elsewhere (an error message, a notification, a value someone typed) with every ISO
 * time in it shown as the kit shows dates: the reader's language and the tenant's time zone,
 * the machine-readable value in `datetime`. The rest stays as written; empty shows nothing.
 *
 * Usage: `<TextWithTimes text={run.error} />`
 */
export function TextWithTimes({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return <>{splitTimes(text).map((p) => (typeof p === "string" ? p : <DateTime at={p.at} />))}</>;
}
