/**
 * The external-source door: the query layer runs a query against a tenant's external
 * PostgreSQL or MySQL source only through this function, which applies every safety rule
 * (SELECT-only role checked at connect, read-only transaction, statement timeout and client-side
 * cancel, one statement, row cap, SSRF guard with the pinned address).
 */
export { runExternalQuery } from "./sources.run.ts";
