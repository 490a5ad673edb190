/**
 * A real local SMTP server (the `smtp-server` package) on an ephemeral port that keeps every message
 * it accepts. Authentication is optional and STARTTLS is off, as on a development relay.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  /** The raw RFC 5322 message. */
  readonly raw: string;
}

export interface SmtpSink {
  readonly port: number;
  readonly url: string;
  /** The messages accepted (answered 250), in order. */
  readonly messages: ReceivedMail[];
  /**
   * From now on, a message is read to its end and then left unanswered: its sender waits in the
   * middle of its SMTP conversation, as on a slow relay, with nothing accepted yet.
   */
  hold(): void;
  /** Messages read and not answered yet. */
  heldCount(): number;
  /** Of those, the ones whose sender has gone (disconnected without an answer). */
  heldFromGone(): number;
  /**
   * Answers the held messages (and stops holding): each whose sender is still connected is
   * accepted; one whose sender went away meanwhile never was. Answers how many were dropped so.
   */
  release(): number;
  close(): Promise<void>;
}

interface HeldMessage {
  readonly sessionId: string;
  accept(): void;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let holding = false;
  const held: HeldMessage[] = [];
  const closedSessions = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        const accept = () => {
          messages.push({
            from: from ? from.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (holding) held.push({ sessionId: session.id, accept });
        else accept();
      });
    },
    onClose(session) {
      closedSessions.add(session.id);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    hold() {
      holding = true;
    },
    heldCount: () => held.length,
    heldFromGone: () => held.filter((message) => closedSessions.has(message.sessionId)).length,
    release() {
      holding = false;
      let dropped = 0;
      for (const message of held.splice(0)) {
        if (closedSessions.has(message.sessionId)) dropped += 1;
        else message.accept();
      }
      return dropped;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Unfolds headers and decodes quoted-printable soft breaks and escapes, for text assertions. */
export function readableMail(raw: string): string {
  return raw
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
