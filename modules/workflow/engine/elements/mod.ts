/** Every element family registers its behaviour with the interpreter when imported. */
import "./events.ts";
import "./boundary.ts";
import "./gateways.ts";
import "./tasks.ts";
import "./subprocess.ts";
import "./multi.ts";
import "./scope.ts";
import "./rules.ts";
