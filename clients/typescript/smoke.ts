/**
 * A small API client written only against the generated types (schema.d.ts, made by
 * scripts/typed-client.ts) with openapi-fetch, run in CI: sign in, create a ticket, upload a
 * file, list workflow tasks. It talks to an in-memory app through its fetch handler, so it needs
 * no server; every call is checked by the compiler against /openapi.json.
 */
import createClient from "openapi-fetch";
import type { paths } from "./schema.d.ts";
import { createTestApp } from "../../app/testing.ts";

const { app, platform, close } = await createTestApp();
const fetchApp = (req: Request) => Promise.resolve(app.fetch(req));
const api = createClient<paths>({ baseUrl: "http://localhost", fetch: fetchApp });

function check(what: string, ok: boolean, detail: unknown) {
  if (!ok) throw new Error(`${what} failed: ${JSON.stringify(detail)}`);
  console.log(`ok  ${what}`);
}

try {
  const signIn = await api.POST("/api/auth/login", {
    body: { email: platform.config.ADMIN_EMAIL, password: "bootstrap-password" },
  });
  check("sign in", !!signIn.data?.accessToken, signIn.error);
  const headers = { Authorization: `Bearer ${signIn.data!.accessToken}` };

  const customer = await api.POST("/api/support/customers", {
    headers,
    body: { name: "Acme Printing", kind: "person" },
  });
  check("create a customer", !!customer.data?.id, customer.error);
  const ticket = await api.POST("/api/support/support-ticket", {
    headers,
    body: {
      subject: "Printer on the second floor is offline",
      description: "It shows error E-42 since this morning.",
      customerId: customer.data!.id,
      tags: ["printer"],
    },
  });
  check("create a ticket", ticket.response.status === 201 && !!ticket.data?.id, ticket.error);

  const upload = await api.POST("/api/documents/files/upload", {
    headers,
    // The generated type describes the multipart body; FormData is what goes on the wire.
    body: { file: [] },
    bodySerializer: () => {
      const form = new FormData();
      form.append("file", new File(["hello from the typed client"], "hello.txt"));
      return form;
    },
  });
  check("upload a file", upload.response.status === 201, upload.error);

  const tasks = await api.GET("/api/workflow/tasks", {
    headers,
    params: { query: { view: "all", limit: 10 } },
  });
  check("list workflow tasks", Array.isArray(tasks.data?.items), tasks.error);
} finally {
  await close();
}
Deno.exit(0);
