import { z } from "@hono/zod-openapi";

export const EnvParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  name: z.string().max(64).openapi({
    param: { name: "name", in: "path" },
    description: "Capital letters, digits and _ (e.g. API_TOKEN)",
  }),
});
export const EnvAgentParam = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
});

/** A variable as the API shows it: its name and when it was last set, never its value. */
export const EnvVarSchema = z.object({ name: z.string(), updatedAt: z.string() })
  .openapi("AutomationAgentEnvVar");
export const EnvListSchema = z.object({ items: z.array(EnvVarSchema) })
  .openapi("AutomationAgentEnvList");

export const EnvValueInput = z.object({ value: z.string().max(16_384) }).strict()
  .openapi("AutomationAgentEnvValue");
