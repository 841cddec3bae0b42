/// <reference types="pdfkit" />
import type http from 'node:http';
import type { Services } from '../../graphql/services.js';
import type { Viewer } from '../../actor.js';
import { sendsBearer, viewerOfRequest } from '../yoga.js';
import { INVALID_API_TOKEN_MESSAGE } from '../../graphql/errors.js';
import type { DocumentDownload } from '../../modules/documents/documents.model.js';
import { creditNoteDocument, invoiceDocument, invoicePreviewDocument } from './invoice-documents.js';
import { packingSlipsDownload } from '../../modules/documents/packing-slip.service.js';
import { pickListDownload } from '../../modules/documents/pick-list.service.js';

/**
 * GET /documents/…: PDFs drawn on the server (issue #33). Each route checks the session or API
 * token like any request, then its permission; bad input is a 4xx with the reason in `{ error }`.
 */

export interface DocumentRequest {
  services: Services;
  viewer: Viewer;
  /** The path's captures (an id, say). */
  params: string[];
  query: URLSearchParams;
  req: http.IncomingMessage;
  res: http.ServerResponse;
}

/** A route's answer: a PDF to stream as it is drawn, or a refusal in words. */
export type DocumentAnswer = DocumentDownload;

interface DocumentRoute {
  path: RegExp;
  answer: (request: DocumentRequest) => Promise<DocumentAnswer>;
}

/** The document downloads: each module that draws a document has its route here. */
const ROUTES: DocumentRoute[] = [
  { path: /^\/documents\/invoices\/([^/]+)\.pdf$/, answer: invoiceDocument },
  { path: /^\/documents\/credit-notes\/([^/]+)\.pdf$/, answer: creditNoteDocument },
  { path: /^\/documents\/invoice-preview\.pdf$/, answer: invoicePreviewDocument },
  {
    path: /^\/documents\/packing-slips\.pdf$/,
    answer: ({ services, viewer, query }) => packingSlipsDownload(services.db, viewer, query),
  },
  {
    path: /^\/documents\/pick-list\.pdf$/,
    answer: ({ services, viewer, query }) => pickListDownload(services.db, viewer, query),
  },
];

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Whether `pathname` is a document download (answered by sendDocument). */
export function isDocumentPath(pathname: string): boolean {
  return pathname.startsWith('/documents/');
}

/**
 * Answers a document download: 405 for anything but GET, 404 for an unknown document, 401 without
 * a valid session or token, else the route's answer. The PDF streams as it is drawn (the first
 * page leaves before the last is drawn) and may be shown in a frame of the admin (to print it).
 */
export async function sendDocument(
  services: Services,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pathname: string,
  search: string,
): Promise<void> {
  if (req.method !== 'GET') return json(res, 405, { error: 'Method not allowed' });
  let match: { route: DocumentRoute; params: string[] } | null = null;
  for (const route of ROUTES) {
    const m = route.path.exec(pathname);
    if (m) {
      match = { route, params: m.slice(1) };
      break;
    }
  }
  if (!match) return json(res, 404, { error: 'There is no such document.' });
  const viewer = await viewerOfRequest(services.db, req.headers.authorization, req.headers.cookie);
  if (!viewer) {
    const message = sendsBearer(req.headers.authorization) ? INVALID_API_TOKEN_MESSAGE : 'Sign in first.';
    return json(res, 401, { error: message });
  }
  const answer = await match.route.answer({
    services,
    viewer,
    params: match.params,
    query: new URLSearchParams(search.startsWith('?') ? search.slice(1) : search),
    req,
    res,
  });
  if (answer.status !== 200) return json(res, answer.status, { error: answer.message });
  res.writeHead(200, {
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${answer.filename.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'no-store',
    // The admin prints a document from a hidden frame of its own origin.
    'x-frame-options': 'SAMEORIGIN',
    'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  });
  const sent = new Promise<void>((resolve, reject) => {
    answer.pdf.on('error', reject);
    res.on('close', resolve);
    res.on('finish', resolve);
  });
  answer.pdf.pipe(res);
  await answer.draw();
  await sent;
}
