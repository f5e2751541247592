import { Badge, Dialog, Field, useT } from "../../../ui/kit.ts";
import { ActionForm } from "../common/common.view.tsx";
import { TAG_COLOURS, type TagColour } from "./tags.schemas.ts";

export interface TagItem {
  id: string;
  name: string;
  colour: TagColour;
}

/** An object's tags as coloured badges (nothing when it has none). */
export function TagBadges({ tags }: { tags: TagItem[] | undefined }) {
  if (!tags?.length) return null;
  return (
    <span class="docs-tags">
      {tags.map((x) => <Badge tone={x.colour}>{x.name}</Badge>)}
    </span>
  );
}

/**
 * The tags dialog: the workspace's tags as checkboxes, and a new tag (name and colour) added
 * to the vocabulary and to the object at once.
 */
export function TagsDialog(
  { action, back, name, tags, all }: {
    action: string;
    back: string;
    name: string;
    tags: TagItem[];
    all: TagItem[];
  },
) {
  const t = useT();
  const on = new Set(tags.map((x) => x.id));
  return (
    <Dialog
      id="docs-tags-dialog"
      title={t("documents.editTagsOf", { name })}
      trigger={t("documents.editTags")}
      icon="tags"
      variant="secondary"
      small
      closeLabel={t("ui.close")}
    >
      <ActionForm action={action} back={back} class="form-grid">
        <fieldset class="field-wide docs-tag-choices">
          <legend>{t("documents.chooseTags")}</legend>
          {all.length === 0 && <p class="muted">{t("documents.noTagsToChoose")}</p>}
          {all.map((x) => (
            <label class="docs-tag-choice">
              <input type="checkbox" name="tagIds" value={x.id} checked={on.has(x.id)} />
              <Badge tone={x.colour}>{x.name}</Badge>
            </label>
          ))}
        </fieldset>
        <Field label={t("documents.newTag")} hint={t("documents.newTagHint")}>
          <input id="docs-new-tag" name="newTag" type="text" maxLength={60} />
        </Field>
        <Field label={t("documents.tagColour")}>
          <select name="colour">
            {TAG_COLOURS.map((c) => <option value={c}>{t(`documents.colour.${c}`)}</option>)}
          </select>
        </Field>
        <div class="form-actions field-wide">
          <button type="submit" class="btn btn-primary">{t("documents.saveTags")}</button>
        </div>
      </ActionForm>
    </Dialog>
  );
}
