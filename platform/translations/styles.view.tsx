import { registerAsset } from "../../ui/assets.ts";

registerAsset("translations.css", new URL("./assets/translations.css", import.meta.url));

/** The editor's few styles the kit has no class for. */
export function TranslationsStyles() {
  return <link rel="stylesheet" href="/assets/translations.css" />;
}
