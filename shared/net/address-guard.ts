/**
 * SSRF guard (pure part), shared by every feature that connects to an address a tenant typed
 * (analytics data sources, a workspace's OpenID provider): every address a host resolves to must
 * be public unicast, or inside an operator's allowlist. The caller resolves the host and checks
 * each address before it connects.
 */
import ipaddr from "ipaddr.js";

type Addr = ipaddr.IPv4 | ipaddr.IPv6;
export type Allowlist = [Addr, number][];

/** Parses the operator's comma-separated CIDR list; a bad entry throws (a config mistake). */
export function parseAllowlist(text: string | undefined): Allowlist {
  return (text ?? "").split(",").map((s) => s.trim()).filter(Boolean).map((cidr) =>
    cidr.includes("/")
      ? ipaddr.parseCIDR(cidr)
      : [ipaddr.parse(cidr), cidr.includes(":") ? 128 : 32]
  );
}

const normal = (ip: string): Addr => {
  const a = ipaddr.parse(ip);
  return a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress()
    ? (a as ipaddr.IPv6).toIPv4Address()
    : a;
};

/** Whether a text is an IP address literal (v4 or v6, without brackets). */
export const isIpLiteral = (host: string) => ipaddr.isValid(host);

/**
 * Whether an address is one a tenant may not reach: anything but public unicast — loopback,
 * private, link-local (169.254.169.254, the cloud metadata service), carrier NAT, unique local,
 * multicast, unspecified, reserved.
 */
export function isForbiddenAddress(ip: string, allow: Allowlist = []): boolean {
  const a = normal(ip);
  if (allow.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits))) return false;
  return a.range() !== "unicast";
}
