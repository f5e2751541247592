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
