import { SMTPServer } from "smtp-server";

/** A real SMTP server in this process that keeps what it receives. */
export async function smtpSink() {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c]))),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(
      0,
      "127.0.0.1",
      () => resolve((server.server.address() as { port: number }).port),
    );
  });
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
