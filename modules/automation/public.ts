/**
 * What other modules may use of Automation: its domain events (to react to a failed run or an
 * agent that went to `hata`) and the operation registry other modules' services are offered in.
 */
export { type AutomationEvent, automationEvents } from "./events.ts";
export type { AgentState, RunStatus } from "./common/common.schemas.ts";

// -- Workflow's service tasks (issue 15): a platform operation called as the process starter,
// or a run of an agent (by name) a process token waits for until its run event arrives.
export { listAgentNames, queueAgentRun, runOutcome } from "./runs/runs.workflow.service.ts";
export { callOperation, OperationError, OPERATIONS } from "./operations/operations.service.ts";

// -- Workflow's global variables (issue 16): secret values sealed with the same installation key
// (AES-256-GCM; the associated data binds a ciphertext to its tenant, owner and name).
export {
  decryptValue,
  encryptValue,
  type Sealed,
  SecretError,
} from "./secrets/secrets.crypto.lib.ts";
