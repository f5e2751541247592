/** The request environment, declared with the module contract in shared/modules.ts. */
export type { AppEnv, Credentials, Session } from "../modules.ts";
