/**
 * Regroups a byte stream into chunks of `size` bytes (the last one shorter). Request bodies
 * arrive in 16–64 KiB pieces; the multipart parser and file writes cost per chunk, so fewer,
 * larger chunks make uploads several times faster for one extra copy.
 */
export function coalesce(size: number) {
  let buf = new Uint8Array(size);
  let used = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      let offset = 0;
      while (offset < chunk.byteLength) {
        const n = Math.min(size - used, chunk.byteLength - offset);
        buf.set(chunk.subarray(offset, offset + n), used);
        used += n;
        offset += n;
        if (used === size) {
          controller.enqueue(buf);
          buf = new Uint8Array(size);
          used = 0;
        }
      }
    },
    flush(controller) {
      if (used) controller.enqueue(buf.subarray(0, used));
    },
  });
}

/**
 * An async iterable of chunks (a Node Readable, e.g. a GetObject body or a busboy file part) as a
 * web stream that reads one chunk per pull, so a slow consumer holds back the producer instead
 * of queueing its bytes; cancelling destroys the source. (node:stream's Readable.toWeb queues up
 * to highWaterMark *chunks*: a 1 GiB upload to S3 grew the process by ~200 MiB through it.)
 */
export function pulled(
  body: AsyncIterable<Uint8Array> & { destroy?(): void },
): ReadableStream<Uint8Array> {
  const it = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(c) {
      const { value, done } = await it.next();
      if (done) c.close();
      else c.enqueue(value);
    },
    async cancel() {
      body.destroy?.();
      await it.return?.();
    },
  }, { highWaterMark: 0 });
}
