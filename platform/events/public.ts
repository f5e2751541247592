/** The events bus: publish a declared event; read the log now (tests, benches). */
export { eventPublisher, type Publish, publish } from "./events.service.ts";
export { drainEvents, EventReader, platformEventReader } from "./events.reader.service.ts";
