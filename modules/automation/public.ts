/**
 * What other modules may use of Automation: its domain events (to react to a failed run or an
 * agent that went to `hata`) and the operation registry other modules' services are offered in.
 */
export { type AutomationEvent, automationEvents } from "./events.ts";
export type { AgentState, RunStatus } from "./common/types.ts";
