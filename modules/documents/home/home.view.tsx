import { Button, Card, DataTable, Icon, RelativeTime, useT } from "../../../ui/kit.ts";
import { fileKind, KIND_ICONS } from "../files/content-types.lib.ts";

export interface RecentFile {
  id: string;
  name: string;
  contentType: string;
  folder: string;
  updatedAt: string;
}

/**
 * The home page's "Recent documents": the newest files the reader may open, with their folder
 * and when they changed. Kit classes only: the home page does not load the module's styles.
 */
export function RecentDocumentsCard({ files }: { files: RecentFile[] }) {
  const t = useT();
  return (
    <Card
      title={t("documents.home.recent")}
      flush
      actions={
        <Button href="/documents/files" variant="ghost" small>
          {t("documents.home.all")}
        </Button>
      }
    >
      <DataTable
        id="home-recent-documents"
        label={t("documents.home.recent")}
        rows={files}
        columns={[
          {
            label: t("documents.name"),
            cell: (f) => (
              <a href={`/documents/files?file=${f.id}`}>
                <Icon name={KIND_ICONS[fileKind(f.contentType)]} size={16} /> {f.name}
              </a>
            ),
          },
          { label: t("documents.folder"), cell: (f) => f.folder || t("documents.root") },
          { label: t("documents.modified"), cell: (f) => <RelativeTime at={f.updatedAt} /> },
        ]}
      />
    </Card>
  );
}
