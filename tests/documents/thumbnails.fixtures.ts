/** Test images: JPEG, PNG and WebP drawn by @napi-rs/canvas (in a child), GIF written here. */
export type Format = "jpeg" | "png" | "webp" | "gif";

const SCRIPT = new URL("./thumbnails.images.ts", import.meta.url).pathname;
const CONFIG = new URL("../../deno.test.json", import.meta.url).pathname;

/** Images of the given formats and sizes, in order. */
export async function images(specs: [Format, number, number][]): Promise<Uint8Array[]> {
  const drawn = specs.filter(([f]) => f !== "gif");
  let made: Uint8Array[] = [];
  if (drawn.length) {
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        `--config=${CONFIG}`,
        "--cached-only",
        "--allow-ffi",
        "--allow-env",
        "--allow-read",
        "--allow-sys",
        SCRIPT,
      ],
      env: { DISABLE_SYSTEM_FONTS_LOAD: "1" },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(JSON.stringify(drawn)));
    await w.close();
    const { stdout, stderr, success } = await child.output();
    if (!success) throw new Error(new TextDecoder().decode(stderr));
    const nl = stdout.indexOf(10);
    const sizes = JSON.parse(new TextDecoder().decode(stdout.subarray(0, nl))) as number[];
    let at = nl + 1;
    made = sizes.map((n) => stdout.slice(at, at += n));
  }
  return specs.map(([f, w, h]) => f === "gif" ? gif(w, h) : made.shift()!);
}

export const image = async (f: Format, w: number, h: number) => (await images([[f, w, h]]))[0];

/** A one-colour GIF89a of w×h (LZW with a clear code before every pixel: always valid). */
export function gif(w: number, h: number): Uint8Array {
  const out: number[] = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
  out.push(w & 255, w >> 8, h & 255, h >> 8, 0x80, 0, 0); // a global table of 2 colours
  out.push(0x22, 0x88, 0x44, 0xff, 0xff, 0xff);
  out.push(0x2c, 0, 0, 0, 0, w & 255, w >> 8, h & 255, h >> 8, 0);
  out.push(2); // LZW minimum code size
  // 3-bit codes: clear (4) and pixel 0, repeated; end (5). Packed LSB first.
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  const push = (code: number) => {
    acc |= code << bits;
    bits += 3;
    while (bits >= 8) {
      bytes.push(acc & 255);
      acc >>= 8;
      bits -= 8;
    }
  };
  for (let i = 0; i < w * h; i++) {
    push(4);
    push(0);
  }
  push(5);
  if (bits) bytes.push(acc & 255);
  for (let i = 0; i < bytes.length; i += 255) {
    const block = bytes.slice(i, i + 255);
    out.push(block.length, ...block);
  }
  out.push(0, 0x3b);
  return new Uint8Array(out);
}
