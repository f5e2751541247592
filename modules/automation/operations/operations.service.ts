import { z } from "@hono/zod-openapi";
import type { Actor } from "../../../shared/http/actor.ts";
import { hasPermission } from "../../../shared/rbac/permissions.ts";
import {
  closeTicket,
  createTicket,
  CustomerInput,
  customersService,
  listTickets,
  ticketDetail,
  TicketInput,
} from "../../support/public.ts";
import { createTask, CreateTaskBody, listProjects, ProjectQuery } from "../../projects/public.ts";
import { IMPORT_MAX_BYTES, importFile } from "../../documents/public.ts";
import { type OperationContext, OperationError, OPERATIONS } from "./operations.lib.ts";
import type { PlatformOperation } from "./operations.schemas.ts";
import { MAIL_PERMISSION, MailInput, sendMail } from "./operations.mail.service.ts";

export { type OperationContext, OperationError, OPERATIONS } from "./operations.lib.ts";

function register(op: Omit<PlatformOperation, "labelKey">) {
  OPERATIONS.set(op.name, { ...op, labelKey: `automation.operations.${op.name}` });
}

const Id = z.object({ id: z.uuid() });
const Limit = z.number().int().min(1).max(100).default(25);

register({
  name: "support.tickets.list",
  permission: "support.ticket.read",
  input: z.object({
    status: z.enum(["acik", "islemde", "cozuldu", "kapandi"]).optional(),
    priority: z.enum(["dusuk", "normal", "yuksek", "kritik"]).optional(),
    /** Tickets not changed for at least this many days (e.g. resolved and left alone). */
    olderThanDays: z.number().int().min(0).max(3650).optional(),
    q: z.string().max(200).optional(),
    limit: Limit,
    cursor: z.string().max(500).optional(),
  }).strict(),
  run: (actor, { olderThanDays, ...rest }) =>
    listTickets(actor, {
      ...rest,
      sort: "updated",
      ...(olderThanDays !== undefined
        ? { updatedTo: new Date(Date.now() - olderThanDays * 86_400_000).toISOString() }
        : {}),
    }),
});
register({
  name: "support.tickets.get",
  permission: "support.ticket.read",
  input: Id.strict(),
  run: (actor, { id }) => ticketDetail(actor, id),
});
register({
  name: "support.tickets.create",
  permission: "support.ticket.write",
  input: TicketInput.strict(),
  run: (actor, input) => createTicket(actor, input),
});
register({
  name: "support.tickets.close",
  permission: "support.ticket.write",
  input: Id.strict(),
  run: (actor, { id }) => closeTicket(actor, id),
});
register({
  name: "support.customers.create",
  permission: "support.customer.write",
  input: CustomerInput.strict(),
  run: (actor, input) => customersService.create(actor, input),
});
register({
  name: "projects.projects.list",
  permission: "projects.project.read",
  input: ProjectQuery.extend({ limit: Limit, cursor: z.string().max(500).optional() }).strict(),
  run: (actor, input) => listProjects(actor, input),
});
register({
  name: "projects.tasks.create",
  permission: "projects.task.write",
  input: CreateTaskBody.strict(),
  run: (actor, input) => createTask(actor, input),
});
/** A report file: its content as text (UTF-8) or base64, in a folder by id or by path. */
const UploadInput = z.object({
  name: z.string().min(1).max(255),
  folderId: z.uuid().optional(),
  /** "Reports/2026": folders missing on the way are created. */
  folderPath: z.string().max(1000).optional(),
  contentType: z.string().max(200).optional(),
  text: z.string().optional(),
  base64: z.base64().optional(),
}).strict()
  .refine((v) => (v.text === undefined) !== (v.base64 === undefined), {
    message: "give the content as text or as base64 (one of them)",
    path: ["text"],
  })
  .refine((v) => v.folderId === undefined || v.folderPath === undefined, {
    message: "give folderId or folderPath, not both",
    path: ["folderPath"],
  });
register({
  name: "documents.files.upload",
  permission: "documents.file.write",
  input: UploadInput,
  run: (actor, { text, base64, ...rest }: z.infer<typeof UploadInput>) => {
    const bytes = text !== undefined
      ? new TextEncoder().encode(text)
      : Uint8Array.from(atob(base64!), (c) => c.charCodeAt(0));
    if (bytes.byteLength > IMPORT_MAX_BYTES) {
      throw new OperationError(`the file may have at most ${IMPORT_MAX_BYTES} bytes`);
    }
    return importFile(actor, { ...rest, bytes });
  },
});
register({
  name: "platform.mail.send",
  permission: MAIL_PERMISSION,
  input: MailInput,
  run: (actor, mail, run) => sendMail(actor, { mail, run }),
});
// Workflow "start a process" does not exist yet: added here once Workflow offers it.

/**
 * Runs one operation for an agent. `actor` is the agent's service identity (its sql a short
 * transaction of its own); `grants` the agent's grants; `run` the run it is called from. Unknown
 * names, missing grants and bad input are refused with a message the agent's author can act on.
 */
export async function callOperation(
  actor: Actor,
  { grants, op, input, run = null }: {
    grants: string[];
    op: string;
    input: unknown;
    run?: OperationContext | null;
  },
): Promise<unknown> {
  const operation = OPERATIONS.get(op);
  if (!operation) throw new OperationError(`unknown operation ${JSON.stringify(String(op))}`);
  if (!hasPermission(grants, operation.permission)) {
    throw new OperationError(`agent lacks permission ${operation.permission}`);
  }
  const parsed = operation.input.safeParse(input ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`);
    throw new OperationError(`invalid input for ${op}: ${issues.join("; ")}`);
  }
  // The identity acts with exactly the permission the operation needs, nothing more.
  const scoped: Actor = {
    ...actor,
    session: { ...actor.session, permissions: [operation.permission] },
  };
  return await operation.run(scoped, parsed.data, run);
}
