/**
 * SSRF guard for external sources (pure part): every address a host resolves to must be public
 * (or inside the operator's ANALYTICS_SOURCE_ALLOW). sources.engine.repo.ts resolves the host
 * once and the driver connects to that pinned address — so a DNS answer that changes between
 * check and connect cannot redirect it. The rule itself is shared (shared/net/address-guard.ts).
 */
export {
  type Allowlist,
  isForbiddenAddress,
  parseAllowlist,
} from "../../../shared/net/address-guard.ts";
