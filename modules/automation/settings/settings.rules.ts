import ipaddr from "ipaddr.js";

/**
 * One outbound allowlist entry: a host name, `*.domain` (its subdomains), or a public IP
 * literal (IPv6 in brackets), each with an optional `:port`. Returns the normalised entry or
 * the reason it is refused: agents never reach private, loopback or link-local networks (the
 * sandbox denies them at run time too; refusing here says so to the admin up front).
 */
export function checkAllowEntry(raw: string): { ok: true; entry: string } | {
  ok: false;
  reason: string;
} {
  const entry = raw.trim().toLowerCase().replace(/\.$/, "");
  const m = entry.match(/^(?:\[([0-9a-f:.]+)\]|([a-z0-9*._-]+))(?::(\d{1,5}))?$/);
  if (!m) return { ok: false, reason: "not a host name, *.domain or IP address (with :port)" };
  const host = m[1] ?? m[2];
  const port = m[3];
  if (port && (Number(port) < 1 || Number(port) > 65535)) {
    return { ok: false, reason: "the port must be between 1 and 65535" };
  }
  if (ipaddr.isValid(host) && (m[1] || /^[\d.]+$/.test(host))) {
    const range = ipaddr.process(host).range();
    if (range !== "unicast") {
      return {
        ok: false,
        reason:
          `${host} is a ${range} address; agents may only reach public hosts, never the internal network`,
      };
    }
    return { ok: true, entry };
  }
  if (m[1]) return { ok: false, reason: "not an IPv6 address" };
  const labels = host.split(".");
  const wildcard = labels[0] === "*";
  const rest = wildcard ? labels.slice(1) : labels;
  const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
  if (!rest.length || !rest.every((l) => label.test(l)) || host.length > 253) {
    return { ok: false, reason: "not a valid host name (a * may only start it: *.example.com)" };
  }
  if (wildcard && rest.length < 2) {
    return { ok: false, reason: "a wildcard needs a domain under a top-level one (*.example.com)" };
  }
  if (rest[rest.length - 1] === "localhost" || rest.join(".") === "localhost") {
    return { ok: false, reason: "localhost is the server itself; agents may not reach it" };
  }
  if (/^\d+$/.test(rest[rest.length - 1])) {
    return { ok: false, reason: "not a valid IP address" };
  }
  return { ok: true, entry };
}
