/**
 * SSRF guard for external sources: a host is resolved once, every address it resolves to must be
 * public (or inside the operator's ANALYTICS_SOURCE_ALLOW), and the driver then connects to that
 * pinned address — so a DNS answer that changes between check and connect cannot redirect it.
 */
import ipaddr from "ipaddr.js";
import { lookup } from "node:dns/promises";
import { problems } from "../../../shared/http/problem.ts";

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

/** Resolves the host (hosts file and DNS, like the driver would) to every address. */
export async function resolveHost(host: string): Promise<string[]> {
  if (ipaddr.isValid(host)) return [host];
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((r) => r.address);
  } catch {
    throw problems.unprocessable(`The host ${host} cannot be resolved.`);
  }
}

/** The address to connect to; refused (422) when any address the host resolves to is private. */
export async function pinHost(host: string, allow: Allowlist): Promise<string> {
  const addresses = await resolveHost(host);
  const bad = addresses.find((ip) => isForbiddenAddress(ip, allow));
  if (bad !== undefined || addresses.length === 0) {
    throw problems.unprocessable(
      `The host ${host} points to a private, loopback or link-local address; only public hosts can be used unless the operator allows the network.`,
    );
  }
  return addresses[0];
}
