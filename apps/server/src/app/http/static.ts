import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
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
  '.csv': 'text/csv; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/**
 * A file's stat, or undefined when there is no file there to serve. A request path can name
 * anything: a segment over the file system's 255 bytes (ENAMETOOLONG), a path below a file
 * (ENOTDIR), a symlink loop (ELOOP). None of them is a file; none may throw out of a request.
 */
function fileStat(file: string): fs.Stats | undefined {
  try {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat?.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The URL path decoded; 'malformed' for a broken %-escape (a person may have mistyped an
 * address), 'nul' for a NUL byte (no file name has one; nobody types it).
 */
function decodedPath(urlPath: string): { path: string } | { refused: 'malformed' | 'nul' } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { refused: 'malformed' };
  }
  return decoded.includes('\u0000') ? { refused: 'nul' } : { path: decoded };
}

function plain(res: ServerResponse, status: number, text: string): void {
  res
    .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
    .end(text);
}

/**
 * Sends a file found by fileStat. Opened before the head is written, so a file that went away or
 * may not be read is an error the caller answers, not a stream error after a 200.
 */
function sendFile(
  res: ServerResponse,
  file: string,
  method: string,
  headers: Record<string, string | number>,
  onError: (err: unknown) => void,
): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    onError(err);
    return;
  }
  res.writeHead(200, headers);
  if (method === 'HEAD') {
    fs.close(fd, () => {});
    res.end();
    return;
  }
  // pipeline, not pipe: a read error ends the response (the client sees a cut transfer) and is
  // handed on, instead of an 'error' event nobody listens to. A client that went away is no error.
  pipeline(fs.createReadStream(file, { fd }), res, (err) => {
    if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') onError(err);
  });
}

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
    const stat = fileStat(file + encoding.suffix);
    if (stat) return { encoding: encoding.name, file: file + encoding.suffix, size: stat.size };
  }
  return null;
}

/**
 * Serves the built admin: files as they are (hashed assets cached for a year), and index.html for
 * any other path so the client router can take it (SPA fallback). A text file goes as the build's
 * brotli or gzip copy when the browser accepts one (a first load is about a quarter of the bytes).
 *
 * A path that is no path (a malformed %-escape, a NUL byte) is 400 for a file (`/assets/…`, a name
 * with an extension) and the admin itself for a screen (`/products/%ZZ` typed in the address bar:
 * the admin's not-found screen says more than a bare 400). `onError` answers what is not the
 * caller's fault (a file that can't be read).
 */
export function serveAdmin(
  adminDir: string,
  urlPath: string,
  method: string,
  res: ServerResponse,
  acceptEncoding = '',
  onError: (err: unknown) => void = () => res.destroy(),
): void {
  const index = path.join(adminDir, 'index.html');
  const isAsset = urlPath.startsWith('/assets/');
  const isFileName = isAsset || path.extname(urlPath) !== '';
  const decoded = decodedPath(urlPath);
  if ('refused' in decoded && (decoded.refused === 'nul' || isFileName))
    return plain(res, 400, 'This address is not a valid file path.');
  let file = 'path' in decoded ? path.normalize(path.join(adminDir, decoded.path)) : index;
  if (!file.startsWith(adminDir + path.sep)) file = index;
  let stat = fileStat(file);
  if (!stat) {
    if (isFileName) return plain(res, 404, 'Not found');
    file = index;
    stat = fileStat(file);
    if (!stat)
      return plain(res, 503, 'The admin app is not built. Run `npm run build` (npm start does it for you).');
  }
  const compressed = compressedCopy(file, acceptEncoding);
  sendFile(
    res,
    compressed?.file ?? file,
    method,
    {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': compressed?.size ?? stat.size,
      'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(compressed ? { 'content-encoding': compressed.encoding } : {}),
    },
    onError,
  );
}

/** Media files are named by content hash, so they never change: cache them for a year. */
export function serveMedia(
  dir: string,
  name: string,
  method: string,
  res: ServerResponse,
  onError: (err: unknown) => void = () => res.destroy(),
): void {
  const stat = /^[0-9a-f]{64}(-\d{2,4})?\.(jpg|png|webp|gif|avif)$/.test(name)
    ? fileStat(path.join(dir, name))
    : undefined;
  if (!stat) return plain(res, 404, 'Not found');
  sendFile(
    res,
    path.join(dir, name),
    method,
    {
      'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
      'content-length': stat.size,
      'cache-control': 'public, max-age=31536000, immutable',
    },
    onError,
  );
}
