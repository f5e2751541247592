import { z } from "@hono/zod-openapi";
import { PrioritySchema, StatusSchema } from "../common/common.schemas.ts";
import { TicketSchema } from "../tickets/tickets.schemas.ts";

const Tag = z.string().trim().min(1).max(50);

/** What a macro does to a ticket besides its text; every part optional. */
export const MacroActions = z.object({
  status: StatusSchema.optional(),
  priority: PrioritySchema.optional(),
  /** The team (queue) the ticket moves to. */
  teamId: z.uuid().optional(),
  addTags: z.array(Tag).max(20).optional(),
  removeTags: z.array(Tag).max(20).optional(),
}).openapi("SupportMacroActions");
export type MacroActions = z.infer<typeof MacroActions>;

const Format = z.enum(["text", "markdown"]);
const Visibility = z.enum(["public", "internal"]);

export const MacroSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The reply text with `{{placeholders}}`; may be empty for a macro of actions only. */
  body: z.string(),
  format: Format,
  /** Whether the reply it writes goes to the customer or stays an internal note. */
  visibility: Visibility,
  /** Shared with every agent, or the personal macro of `ownerId`. */
  shared: z.boolean(),
  ownerId: z.uuid().nullable(),
  actions: MacroActions,
  usageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).openapi("SupportMacro");
export type Macro = z.infer<typeof MacroSchema>;

const fields = {
  name: z.string().trim().min(1).max(120),
  body: z.string().max(20_000),
  format: Format,
  visibility: Visibility,
  shared: z.boolean(),
  actions: MacroActions,
};

export const MacroInput = z.object({
  ...fields,
  body: fields.body.default(""),
  format: Format.default("text"),
  visibility: Visibility.default("public"),
  shared: z.boolean().default(false),
  actions: MacroActions.default({}),
}).openapi("SupportMacroInput");
export type MacroInput = z.infer<typeof MacroInput>;

export const MacroUpdate = z.object(fields).partial().openapi("SupportMacroUpdate");
export type MacroUpdate = z.infer<typeof MacroUpdate>;

export const MacroList = z.object({ items: z.array(MacroSchema) }).openapi("SupportMacroList");

export const TicketMacroParams = z.object({
  id: z.uuid().openapi({ param: { name: "id", in: "path" } }),
  macroId: z.uuid().openapi({ param: { name: "macroId", in: "path" } }),
});

/** A macro's text for the composer, its placeholders filled for one ticket. */
export const RenderedMacro = z.object({
  body: z.string(),
  format: Format,
  visibility: Visibility,
}).openapi("SupportRenderedMacro");
export type RenderedMacro = z.infer<typeof RenderedMacro>;

/** Applying: the ticket after the actions, and the text to put into the composer. */
export const AppliedMacro = RenderedMacro.extend({ ticket: TicketSchema })
  .openapi("SupportAppliedMacro");

/** What the ticket page's reply box is prefilled with (a macro's text, or the text kept). */
export interface ReplyDraft {
  body: string;
  format: string;
  visibility: string;
}
