import { registerAsset } from "../../ui/assets.ts";

registerAsset("identity.css", new URL("./assets/identity.css", import.meta.url));

/** The few styles of the platform's own pages that the kit has no class for (tokens only). */
export function IdentityStyles() {
  return <link rel="stylesheet" href="/assets/identity.css" />;
}
