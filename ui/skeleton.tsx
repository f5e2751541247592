/**
 * The busy indicator of htmx requests: hidden until the element (or an ancestor named by
 * hx-indicator) is in flight. Also a placeholder block for content loaded after the page.
 *
 * Usage: `<button hx-post=… hx-indicator="#save-busy">…</button><Spinner id="save-busy" label={t("loading")} />`,
 * `<div hx-get="/x" hx-trigger="load"><Skeleton lines={3} /></div>`
 */
export function Spinner({ id, label }: { id?: string; label: string }) {
  return (
    <span id={id} class="htmx-indicator spinner" role="status">
      <span class="sr-only">{label}</span>
    </span>
  );
}

export function Skeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div class="skeleton" aria-hidden="true">
      {Array.from({ length: lines }, () => <span />)}
    </div>
  );
}
