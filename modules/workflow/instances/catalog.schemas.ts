import type { FormField } from "../common/model.ts";

/** A process people may start, with the form of its start event. */
export interface CatalogEntry {
  id: string;
  name: string;
  description: string;
  category: string;
  version: number;
  running: number;
  fields: FormField[];
}
