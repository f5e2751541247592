import { callApp, itest, newTenant, PASSWORD } from "../tests/helpers.ts";
async function show(label: string, res: Response) {
  const t = await res.text();
  console.log(
    `[${label}] ${res.status} ${res.headers.get("content-type")} loc=${
      JSON.stringify(res.headers.get("location"))
    } ${t.slice(0, 160).replace(/\n/g, " ")}`,
  );
}
itest("probe2", async () => {
  const a = await newTenant();
  const form = (next: string) =>
    new URLSearchParams({ email: a.owner.email, password: PASSWORD, next }).toString();
  await show(
    "next newline",
    await callApp("/login", {
      method: "POST",
      body: form("/a\n/b"),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    }),
  );
  await show(
    "next backslash-tab",
    await callApp("/login", {
      method: "POST",
      body: form("/\\evil.example"),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    }),
  );
  // logout then reuse
  const login = await callApp("/api/auth/login", {
    method: "POST",
    body: { email: a.owner.email, password: PASSWORD },
  });
  const { accessToken } = await login.json();
  await show("logout", await callApp("/api/auth/logout", { method: "POST", token: accessToken }));
  await show("reuse", await callApp("/api/auth/me", { token: accessToken }));
  // cookie CSRF
  const login2 = await callApp("/api/auth/login", {
    method: "POST",
    body: { email: a.owner.email, password: PASSWORD },
  });
  const cookie = login2.headers.get("set-cookie")!.split(";")[0];
  console.log("set-cookie:", login2.headers.get("set-cookie"));
  await login2.body?.cancel();
  await show(
    "cookie post no origin",
    await callApp("/api/admin/roles", {
      method: "POST",
      body: { key: "zz", name: "z", permissions: [] },
      headers: { Cookie: cookie },
    }),
  );
  await show(
    "cookie post evil origin",
    await callApp("/api/admin/roles", {
      method: "POST",
      body: { key: "zz", name: "z", permissions: [] },
      headers: { Cookie: cookie, Origin: "http://evil.example" },
    }),
  );
  await show(
    "cookie post xfh spoof",
    await callApp("/api/admin/roles", {
      method: "POST",
      body: { key: "zz", name: "z", permissions: [] },
      headers: {
        Cookie: cookie,
        Origin: "http://evil.example",
        "X-Forwarded-Host": "evil.example",
      },
    }),
  );
  // sequential throttle sanity
  const b = await newTenant();
  const st: number[] = [];
  for (let i = 0; i < 7; i++) {
    const r = await callApp("/api/auth/login", {
      method: "POST",
      body: { email: b.owner.email, password: "nope-nope" },
    });
    st.push(r.status);
    await r.body?.cancel();
  }
  console.log("sequential:", st);
  await show(
    "tenants NUL name",
    await callApp("/api/admin/tenants", {
      method: "POST",
      token: a.owner.token,
      body: {
        slug: "zz-nul-x1",
        name: "a\u0000",
        owner: { email: "o@nul.test", name: "o", password: "12345678" },
      },
    }),
  );
});
