import { useT } from "../../../ui/kit.ts";

/** The tus endpoint (see uploads.routes.ts), for the upload form's script. */
export const TUS_ENDPOINT = "/api/documents/uploads";

/**
 * What the upload form tells documents-uploads.js: where to send files resumably, into which
 * folder, and the texts of the cancel button and the resume notice.
 */
export function useResumable(folderId: string | null) {
  const t = useT();
  return {
    "data-tus-url": TUS_ENDPOINT,
    "data-folder-id": folderId ?? "",
    "data-cancel-text": t("documents.tus.cancel"),
    "data-canceled-text": t("documents.tus.canceled"),
    "data-resuming-text": t("documents.tus.resuming"),
  };
}

/** tus-js-client (from the installed package) and the script that drives it. */
export function ResumableAssets() {
  return (
    <>
      <link rel="stylesheet" href="/assets/documents-uploads.css" />
      <script src="/assets/tus.min.js" defer></script>
      <script src="/assets/documents-uploads.js" defer></script>
    </>
  );
}
