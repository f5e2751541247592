// Swagger UI against our own /openapi.json; kept in a file because the CSP forbids inline scripts.
globalThis.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  withCredentials: true,
});
