/**
 * `deno task test [deno test arguments]`: every test, with the server's permissions (README
 * "Permissions") widened only by what the tests themselves do, instead of `--allow-all`. Most
 * tests run the app inside the test process, so its code meets the same walls it meets under
 * `deno task start`: a write outside `./data` and the temporary directory, a read outside those,
 * the checkout and the npm cache, or a program other than Deno, Chromium, prlimit and ps fails
 * here with NotCapable.
 *
 * Widened, and why: the temporary directory (each test's data directory, uploads, Chromium's
 * profile); Deno's npm cache (deno.test.json resolves packages there, see README
 * "Dependencies"); Chromium (browser tests); all of `--allow-sys` (playwright and the SMTP sink
 * ask for more than the server's three names); `deno` processes started by tests get their own
 * flags (the start task's, or `-A` for scripts under test).
 */
const deno = Deno.execPath();
const info = await new Deno.Command(deno, { args: ["info", "--json"], stderr: "inherit" }).output();
const { npmCache } = JSON.parse(new TextDecoder().decode(info.stdout)) as { npmCache: string };
const tmp = Deno.env.get("TMPDIR") || "/tmp";
const chromium = Deno.env.get("CHROMIUM_PATH") || "/usr/bin/chromium";
const prlimit = "/usr/bin/prlimit,/bin/prlimit";

const flags = [
  "--config=deno.test.json",
  "--frozen",
  "--no-prompt",
  "--allow-net",
  "--allow-env",
  "--allow-sys",
  `--allow-read=.,${tmp},${npmCache},${chromium},${prlimit}`,
  `--allow-write=./data,${tmp}`,
  `--allow-run=${deno},prlimit,ps,${chromium}`,
  "--v8-flags=--expose-gc",
];
// playwright-core asks at import whether it runs under WSL, probing /proc, which Deno opens only
// under --allow-all. is-wsl's own test switch skips the probe; playwright's helper that opens
// URLs in a desktop browser would then assume WSL, and the tests never call it.
const env = { __IS_WSL_TEST__: "1" };
const child = new Deno.Command(deno, { args: ["test", ...flags, ...Deno.args], env }).spawn();
Deno.exit((await child.status).code);
