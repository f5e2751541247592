import { currentOverrides } from "../shared/i18n/i18n.ts";

/**
 * Parts of a key for markup kept between requests (ui/menu.tsx, ui/top-bar.tsx): objects that
 * are replaced, never changed in place, stand as a number.
 */
const ids = new WeakMap<object, number>();
let idCount = 0;
export function idOf(o: object): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, id = ++idCount);
  return id;
}

const NO_OVERRIDES = {};
/**
 * The current tenant's translations (texts and extra languages): each load of them is a new
 * object, so markup is rendered again after an edit.
 */
export const textsKey = (): number => idOf(currentOverrides() ?? NO_OVERRIDES);
