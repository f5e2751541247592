/** The data models admin and the records browser. */
import type { Hono } from "hono";
import type { AppEnv } from "../../../shared/http/env.ts";
import { mountDataModelPages } from "./data.models.pages.tsx";
import { mountDataRecordPages } from "./data.records.pages.tsx";

export function mountDataPages(app: Hono<AppEnv>) {
  mountDataModelPages(app);
  mountDataRecordPages(app);
}
