/**
 * The network side of a workspace's OpenID provider (SSRF guard): the server fetches the
 * issuer's discovery document, its keys and its token endpoint, all at addresses a workspace
 * admin typed or the provider named. Each is checked before every request: https, and every
 * address the host resolves to public — unless the operator allows private issuers
 * (SSO_ALLOW_PRIVATE_ISSUERS, development and tests). A DNS answer that changes between the
 * check and the connection is not covered (fetch cannot be pinned to an address).
 */
import { lookup } from "node:dns/promises";
import type { CustomFetch } from "openid-client";
import { isForbiddenAddress, isIpLiteral } from "../../shared/net/address-guard.ts";

/** Why the server may not fetch this address of a provider (a text for the admin), or null. */
export async function providerAddressProblem(
  url: URL,
  allowPrivate: boolean,
): Promise<string | null> {
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    return "the identity provider's address must start with https://";
  }
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: string[];
  if (isIpLiteral(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((r) => r.address);
    } catch {
      return `${host} cannot be resolved`;
    }
  }
  if (!addresses.length || addresses.some((ip) => isForbiddenAddress(ip))) {
    return `${host} points to a private, loopback or link-local address; only public identity providers can be used`;
  }
  return null;
}

/** A fetch for openid-client that checks the address of every request it makes. */
export function guardedFetch(allowPrivate: boolean): CustomFetch {
  return async (url, options) => {
    const problem = await providerAddressProblem(new URL(url), allowPrivate);
    if (problem) throw new Error(problem);
    return await fetch(url, { ...options, body: options.body as BodyInit, redirect: "manual" });
  };
}
