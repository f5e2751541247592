/** UUIDs as they appear in paths, queries and form fields (any version, either case). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Hono path parameter that only matches a UUID, so anything else is a plain 404. */
export const ID_PARAM = ":id{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}}";

export const isUuid = (v: string) => UUID_PATTERN.test(v);

/** The value when it is a UUID, else null (query strings and form fields). */
export const uuidOrNull = (v: string | undefined | null) => (v && isUuid(v) ? v : null);
