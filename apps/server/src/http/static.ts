import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** The compressed copies the admin build writes beside each text file, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The best precompressed copy of `file` the client accepts, if the build wrote one. */
function compressedCopy(file: string, acceptEncoding: string) {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  for (const encoding of ENCODINGS) {
    if (!accepted.has(encoding.name)) continue;
    const stat = fs.statSync(file + encoding.suffix, { throwIfNoEntry: false });
    if (stat?.isFile()) return { encoding: encoding.name, file: file + encoding.suffix, size: stat.size };
  }
  return null;
}

/**
 * Serves the built admin: files as they are (hashed assets cached for a year), and index.html for
 * any other path so the client router can take it (SPA fallback). A text file goes as the build's
 * brotli or gzip copy when the browser accepts one (a first load is about a quarter of the bytes).
 */
export function serveAdmin(
  adminDir: string,
  urlPath: string,
  method: string,
  res: ServerResponse,
  acceptEncoding = '',
): void {
  const index = path.join(adminDir, 'index.html');
  let file = path.normalize(path.join(adminDir, decodeURIComponent(urlPath)));
  if (!file.startsWith(adminDir + path.sep)) file = index;
  let stat = fs.statSync(file, { throwIfNoEntry: false });
  const isAsset = urlPath.startsWith('/assets/');
  if (!stat?.isFile()) {
    if (isAsset || path.extname(urlPath)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    file = index;
    stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) {
      res
        .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
        .end('The admin app is not built. Run `npm run build` (npm start does it for you).');
      return;
    }
  }
  const compressed = compressedCopy(file, acceptEncoding);
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-length': compressed?.size ?? stat.size,
    'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'accept-encoding',
    ...(compressed ? { 'content-encoding': compressed.encoding } : {}),
  });
  if (method === 'HEAD') res.end();
  else fs.createReadStream(compressed?.file ?? file).pipe(res);
}

/** Media files are named by content hash, so they never change: cache them for a year. */
export function serveMedia(dir: string, name: string, method: string, res: ServerResponse): void {
  const stat = /^[0-9a-f]{64}(-\d{2,4})?\.(jpg|png|webp|gif|avif)$/.test(name)
    ? fs.statSync(path.join(dir, name), { throwIfNoEntry: false })
    : undefined;
  if (!stat?.isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
    'content-length': stat.size,
    'cache-control': 'public, max-age=31536000, immutable',
  });
  if (method === 'HEAD') res.end();
  else fs.createReadStream(path.join(dir, name)).pipe(res);
}
