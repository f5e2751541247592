/**
 * A value made on first use, once, for every caller after it (a failed attempt is not kept: the
 * next caller tries again). For libraries most requests never need — password dictionaries,
 * chart and PDF renderers, mail parsers, the S3 client, document parsers — loaded with a dynamic
 * `import()` here instead of at start: each one imported at start stays in the live heap of every
 * instance, and every full garbage collection marks it again (docs/limits.md, "Request hot path").
 *
 * Usage: `const charts = lazy(() => import("echarts")); … (await charts()).init(…)`
 */
export function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () =>
    made ??= make().catch((err) => {
      made = null;
      throw err;
    });
}
