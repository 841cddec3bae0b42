import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

/** Raw HTTP for the robustness tests: requests exactly as written, which fetch would refuse or normalise. */
export interface RawResponse {
  /** 0 when the connection closed without an answer (the server died, or cut it). */
  status: number;
  head: string;
  body: string;
}

/**
 * One request exactly as written (fetch would normalise the path and refuse bad headers): sent on
 * its own connection, read until the server closes it.
 */
export function raw(url: string, request: string | Buffer, timeoutMs = 10_000): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${String(request).slice(0, 80)}`));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    // A reset after the answer arrived still counts as answered; a reset before it does not.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      let body = split < 0 ? '' : text.slice(split + 4);
      if (/^transfer-encoding: chunked/im.test(head)) body = unchunked(body);
      resolve({ status: status ? Number(status[1]) : 0, head, body });
    });
    socket.write(request);
  });
}

/** A chunked body's data (as far as it arrived). */
function unchunked(body: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    if (eol < 0) return out;
    const size = parseInt(body.slice(at, eol), 16);
    if (!(size > 0)) return out;
    out += body.slice(eol + 2, eol + 2 + size);
    at = eol + 2 + size + 2;
  }
}

export const request = (method: string, target: string, headers: Record<string, string> = {}, body = '') => {
  const lines = [`${method} ${target} HTTP/1.1`];
  const all: Record<string, string> = { host: 'localhost', connection: 'close', ...headers };
  if (body && all['content-length'] === undefined) all['content-length'] = String(Buffer.byteLength(body));
  for (const [k, v] of Object.entries(all)) if (v !== '') lines.push(`${k}: ${v}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
};

/** What no answer may show: a stack frame, or where the server's files are. */
export function expectNothingLeaked(res: RawResponse, adminDir: string) {
  expect(res.body).not.toMatch(/\n\s+at [\w<.]+ \(|node_modules|\/src\/|file:\/\//);
  expect(res.body).not.toContain(adminDir);
  expect(res.body).not.toContain(process.cwd());
}

export function adminBuild() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockroom-admin-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Stockroom</title>');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1);');
  return dir;
}
