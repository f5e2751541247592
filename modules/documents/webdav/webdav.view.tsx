import { Badge, Button, useT } from "../../../ui/kit.ts";
import { ActionForm } from "../common/common.view.tsx";

export interface FileLock {
  /** The holder's name (null when the account is gone). */
  holder: string | null;
  /** Administrators may break it. */
  canBreak: boolean;
}

/** A file's lock among its facts: who holds it and, for administrators, a way to break it. */
export function LockFact({ lock, fileId, back }: { lock: FileLock; fileId: string; back: string }) {
  const t = useT();
  return (
    <>
      <dt>{t("documents.lock")}</dt>
      <dd>
        <Badge tone="amber">
          {lock.holder
            ? t("documents.lockedBy", { name: lock.holder })
            : t("documents.lockedBySomeone")}
        </Badge>
        {lock.canBreak && (
          <ActionForm
            action={`/documents/files/${fileId}/unlock`}
            back={back}
            confirm={t("documents.breakLockConfirm")}
          >
            <Button type="submit" variant="danger" small icon="lock-open">
              {t("documents.breakLock")}
            </Button>
          </ActionForm>
        )}
      </dd>
    </>
  );
}
