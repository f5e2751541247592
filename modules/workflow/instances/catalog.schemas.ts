import type { FormField } from "../common/model.lib.ts";

/** A process people may start, with the form of its start event. */
export interface CatalogEntry {
  id: string;
  name: string;
  description: string;
  category: string;
  version: number;
  running: number;
  fields: FormField[];
  /** A form-js start form (forms feature), shown with form-js instead of the fields. */
  formSchema?: Record<string, unknown> | null;
}
