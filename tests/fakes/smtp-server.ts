import { SMTPServer } from "smtp-server";
import { decodeMail, type DecodedMail } from "./mime";

/**
 * A local SMTP server for tests: the app sends real SMTP to it and tests read what arrived.
 * No TLS and no authentication, so it only listens on loopback.
 */

export interface ReceivedMail extends DecodedMail {
  from: string;
  to: string[];
  receivedAt: number;
}

export interface FakeSmtpServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** The newest mail to `to` that arrives within `timeoutMs` (already arrived ones count). */
  waitForMail(to: string, options?: { timeoutMs?: number; after?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startFakeSmtpServer(port = 0): Promise<FakeSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        messages.push({
          ...decodeMail(Buffer.concat(chunks).toString("utf8")),
          from,
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;

  async function waitForMail(to: string, options: { timeoutMs?: number; after?: number } = {}) {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    const wanted = to.toLowerCase();
    for (;;) {
      const found = messages.filter((mail) => mail.to.includes(wanted) && mail.receivedAt >= (options.after ?? 0)).at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    messages,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkFrom(mail: DecodedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in mail "${mail.subject}"`);
  return link;
}
