/**
 * What a sandbox may reach: the outbound allowlist entries and environment variable names an
 * admin or agent author may declare, and the networks that are always denied.
 * Settings and agent forms call the check functions to refuse bad values when they are saved;
 * the sandbox checks again at every run (values saved before a rule existed, or written by hand).
 */
import ipaddr from "ipaddr.js";

/**
 * Networks no agent may connect to, whatever the allowlist says: this host, the tenant's
 * neighbours on the private network, cloud metadata endpoints. Deno 2.9.6 checks `--deny-net`
 * against the *resolved* address of every connection (verified: `localhost` on the allowlist
 * with 127.0.0.0/8 denied is refused), so a public name pointing at 10.x is refused too.
 * It accepts IPv4 CIDR ranges but only single IPv6 addresses (`[fc00::]/7` is a parse error),
 * so IPv6 ranges are refused on the allowlist side instead (literal addresses below, and names
 * resolving there cannot be caught by the flag: see the note in sandbox.ts).
 */
export const DENIED_NETWORKS: readonly string[] = [
  "0.0.0.0/8", // "this network"; 0.0.0.0 reaches local listeners
  "10.0.0.0/8",
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local, cloud metadata 169.254.169.254
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved and broadcast
  "[::]",
  "[::1]",
  "[fd00:ec2::254]", // AWS metadata over IPv6
];

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const LOCAL_NAMES = [/^localhost$/, /\.localhost$/, /\.local$/, /\.internal$/, /\.localdomain$/];

/**
 * Checks one allowlist entry: "api.example.com", "*.example.com", "host:8443", "203.0.114.5",
 * "[2001:db8::1]:443". Returns the reason it is refused, or null when it is fine.
 */
export function checkAllowlistEntry(entry: string): string | null {
  const value = entry.trim().toLowerCase();
  if (value === "") return "empty entry";
  if (value.includes("/")) return "write a host name, not a URL or a network range";
  const split = splitPort(value);
  if (typeof split === "string") return split;
  const { host } = split;
  if (host.startsWith("[")) return checkIp(host.slice(1, -1));
  if (ipaddr.IPv4.isValid(host) || /^[0-9.]+$/.test(host) || /^0x/.test(host)) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(host)) {
      return "write IPv4 addresses as four decimal numbers";
    }
    return checkIp(host);
  }
  const name = host.startsWith("*.") ? host.slice(2) : host;
  if (LOCAL_NAMES.some((pattern) => pattern.test(name))) return "local host names are not allowed";
  const labels = name.split(".");
  if (labels.length < 2 || !labels.every((l) => HOST_LABEL.test(l))) {
    return "not a valid host name (use api.example.com or *.example.com)";
  }
  return null;
}

function splitPort(value: string): { host: string; port?: number } | string {
  const bracket = value.match(/^(\[[^\]]+\])(?::(\d+))?$/);
  const plain = value.match(/^([^:\[\]]+)(?::(\d+))?$/);
  const match = bracket ?? plain;
  if (!match) return "write host or host:port (IPv6 in brackets)";
  if (match[2] === undefined) return { host: match[1] };
  const port = Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return "port out of range";
  return { host: match[1], port };
}

function checkIp(text: string): string | null {
  if (!ipaddr.isValid(text)) return "not a valid IP address";
  let address = ipaddr.parse(text);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  return address.range() === "unicast"
    ? null
    : `addresses in the ${address.range()} range are not allowed`;
}

/** The valid entries in the form `--allow-net` takes, and the refused ones with reasons. */
export function allowNetEntries(allowlist: readonly string[]): {
  allowed: string[];
  refused: { entry: string; reason: string }[];
} {
  const allowed: string[] = [];
  const refused: { entry: string; reason: string }[] = [];
  for (const entry of allowlist) {
    const reason = checkAllowlistEntry(entry);
    if (reason) refused.push({ entry, reason });
    else allowed.push(entry.trim().toLowerCase());
  }
  return { allowed: [...new Set(allowed)], refused };
}

export const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;
/**
 * Variables the Deno runtime itself reads at start-up: an agent declaring HTTPS_PROXY could send
 * its requests through a proxy on the private network (the permission check sees only the target
 * host), DENO_* and friends change how the sandbox itself behaves.
 */
const RESERVED_PREFIX = /^(DENO_|NODE_|NPM_|RUST_|V8_|LD_|SSL_|GLIBC_|MALLOC_|XDG_|CLICOLOR)/;
const RESERVED_NAMES = new Set([
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "ALL_PROXY",
  "NO_PROXY",
  "NO_COLOR",
  "FORCE_COLOR",
  "HOME",
  "PATH",
  "TMPDIR",
  "TMP",
  "TEMP",
  "TERM",
  "TZ",
  "LANG",
  "LC_ALL",
]);
/^(DENO_|NODE_|NPM_|RUST_|V8_|LD_|SSL_|GLIBC_|MALLOC_)|^(HTTP_PROXY|HTTPS_PROXY|ALL_PROXY|NO_PROXY|NO_COLOR|FORCE_COLOR|HOME|PATH|TMPDIR|TMP|TEMP|TERM|TZ|LANG|LC_ALL|XDG_[A-Z_]*|CLICOLOR[A-Z_]*)$/;

/** Checks an agent's variable name; returns the reason it is refused, or null. */
export function checkEnvName(name: string): string | null {
  if (!ENV_NAME.test(name)) return "use capital letters, digits and _ (not first digit)";
  if (RESERVED_PREFIX.test(name) || RESERVED_NAMES.has(name)) return "reserved for the runtime";
  return null;
}

const RESOLVE_TIMEOUT_MS = 1000;
const RESOLVE_TTL_MS = 60_000;
const resolved = new Map<string, { at: number; denied: string[] }>();

/**
 * The private IPv6 addresses the allowlisted names point at now, as `--deny-net` entries.
 * `--deny-net` cannot hold IPv6 ranges, so a name with an AAAA record in fc00::/7 or fe80::/10
 * would otherwise pass. Looked up before each run (cached for a minute, failures too, so a
 * slow resolver costs one second a minute). A name that changes its records between this lookup
 * and the connection (DNS rebinding) is not caught for IPv6; IPv4 is checked by Deno itself.
 */
export async function privateIpv6Of(hosts: readonly string[]): Promise<string[]> {
  const names = hosts.map((h) => h.replace(/:\d+$/, "")).filter((h) =>
    !h.startsWith("*.") && !h.startsWith("[") && !ipaddr.IPv4.isValid(h)
  );
  const lists = await Promise.all([...new Set(names)].map(async (name) => {
    const cached = resolved.get(name);
    if (cached && Date.now() - cached.at < RESOLVE_TTL_MS) return cached.denied;
    let denied: string[] = [];
    try {
      const addresses = await Deno.resolveDns(name, "AAAA", {
        signal: AbortSignal.timeout(RESOLVE_TIMEOUT_MS),
      });
      denied = addresses.filter((a) => checkIp(a) !== null).map((a) => `[${a}]`);
    } catch {
      // No AAAA record or no resolver: nothing to add.
    }
    resolved.set(name, { at: Date.now(), denied });
    return denied;
  }));
  return [...new Set(lists.flat())];
}
