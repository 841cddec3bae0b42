// Verifying a Stockroom webhook (README "Webhooks"). Stockroom signs the raw request body with the
// subscription's secret: X-Stockroom-Hmac-Sha256 = base64(HMAC-SHA256(secret, raw body)). Compare
// against the bytes as received (before any JSON parsing), in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/** Whether `signature` (the X-Stockroom-Hmac-Sha256 header) signs `rawBody` with `secret`. */
export function verifyWebhook(rawBody, signature, secret) {
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(String(signature ?? ''), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A receiver: answers 401 to a body not signed with `secret`, drops an event id it has seen (a
 * delivery can come twice), and hands the rest to `onEvent(topic, payload, eventId)`.
 */
export function webhookReceiver(secret, onEvent) {
  const seen = new Set();
  return http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (!verifyWebhook(raw, req.headers['x-stockroom-hmac-sha256'], secret)) {
        res.writeHead(401).end('bad signature');
        return;
      }
      const eventId = req.headers['x-stockroom-event-id'];
      if (!seen.has(eventId)) {
        seen.add(eventId);
        onEvent(req.headers['x-stockroom-topic'], JSON.parse(raw.toString('utf8')), eventId);
      }
      res.writeHead(200).end('ok');
    });
  });
}
