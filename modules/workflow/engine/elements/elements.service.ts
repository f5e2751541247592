/** Every element family registers its behaviour with the interpreter when imported. */
import "./events.service.ts";
import "./boundary.service.ts";
import "./gateways.service.ts";
import "./tasks.service.ts";
import "./subprocess.service.ts";
import "./multi.service.ts";
import "./scope.service.ts";
import "./business-rules.service.ts";
import "./eventsub.service.ts";
import "./escalation.service.ts";
import "./compensation.service.ts";
import "./subscriptions.service.ts";
import "./messages.service.ts";
