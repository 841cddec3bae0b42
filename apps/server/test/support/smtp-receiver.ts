import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, its MIME parts decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  text: string;
  html: string;
  raw: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  // RFC 2047 encoded words, as nodemailer writes non-ASCII subjects and names.
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
  const joined = value.replace(/(\?=)\s+(=\?)/g, '$1$2');
  return joined.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return headers;
}

function split(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const sep = /\r?\n\r?\n/.exec(raw.slice(at))![0];
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at + sep.length) };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain and text/html parts of a (possibly nested) multipart message. */
function parts(headers: Record<string, string>, body: string, out: { text: string; html: string }) {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = split(chunk.replace(/^\r?\n/, ''));
      parts(part.headers, part.body, out);
    }
    return;
  }
  if (/^text\/html/i.test(type)) out.html += decodeBody(headers, body);
  else if (/^text\/plain/i.test(type)) out.text += decodeBody(headers, body);
}

/** A real SMTP server on 127.0.0.1 (random port unless given) that keeps what it receives. */
export async function startSmtpReceiver(port = 0) {
  const received: ReceivedMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = chunks.join('');
        const { headers, body } = split(raw);
        const out = { text: '', html: '' };
        parts(headers, body, out);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          headers,
          raw,
          ...out,
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = (server.server.address() as AddressInfo).port;
  return {
    port: address,
    url: `smtp://127.0.0.1:${address}`,
    received,
    /** The first message (arrived or arriving) that matches, within `ms`. */
    async waitFor(match: (m: ReceivedMail) => boolean, ms = 20_000): Promise<ReceivedMail> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No matching email within ${ms} ms (got ${received.length})`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
