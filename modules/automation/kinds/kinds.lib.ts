/** How each kind of agent is shown: its label (message key) and a lucide icon name. */
import type { AgentKind } from "../common/common.schemas.ts";

export const KIND_LOOK: {
  [K in AgentKind]: { labelKey: `automation.kinds.${K}`; icon: string };
} = {
  script: { labelKey: "automation.kinds.script", icon: "file-code" },
  http: { labelKey: "automation.kinds.http", icon: "globe" },
  platform: { labelKey: "automation.kinds.platform", icon: "blocks" },
  email: { labelKey: "automation.kinds.email", icon: "mail" },
};
