import { print } from 'graphql';
import { graphql } from '../../../gql';
import type { ProductMediaUploadMutation } from '../../../gql/graphql';
import { CSRF_HEADER } from '@stockroom/domain/http';
import { TRANSPORT_MESSAGES } from '../../../lib/errors';

/** Adds images after the existing ones; sent as a GraphQL multipart request (files are not JSON). */
export const productMediaUploadDocument = graphql(`
  mutation ProductMediaUpload($productId: ID!, $files: [File!]!, $alt: String) {
    productMediaUpload(productId: $productId, files: $files, alt: $alt) {
      media {
        id
      }
      userErrors {
        ...UserErrorFields
      }
    }
  }
`);

/** The server's cap on one upload request (MAX_UPLOAD_BODY in apps/server/src/http/server.ts). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Room for the request's own form fields (operations, map, boundaries) beside the files. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const inMb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Why these files can't go in one upload, in words; null when they can. Said before sending: a
 * browser sending 150 MB only to be refused wastes minutes, and a cut-off answer would read as
 * "Cannot reach the server".
 */
export function uploadTooLarge(files: readonly { size: number }[]): string | null {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total + FORM_OVERHEAD_BYTES <= MAX_UPLOAD_BYTES) return null;
  return `These images come to ${inMb(total)}; one upload can be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Add them a few at a time.`;
}

/** What an upload refused with HTTP 413 says when the answer carries no words of its own. */
export const UPLOAD_REFUSED_AS_TOO_LARGE = `One upload can be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Add the images a few at a time.`;

export interface UploadOutcome {
  /** The server's refusals (type, size …), in its words. */
  errors: string[];
}

/**
 * Posts operations/map/files form fields (the GraphQL multipart request spec). Apollo's HTTP link
 * sends JSON only, so this one request goes through fetch with the same cookie and CSRF header.
 */
export async function uploadProductMedia(productId: string, files: readonly File[]): Promise<UploadOutcome> {
  const tooLarge = uploadTooLarge(files);
  if (tooLarge) return { errors: [tooLarge] };
  const body = new FormData();
  body.append(
    'operations',
    JSON.stringify({
      operationName: 'ProductMediaUpload',
      query: print(productMediaUploadDocument),
      variables: { productId, files: files.map(() => null), alt: null },
    }),
  );
  const map: Record<string, string[]> = {};
  files.forEach((_, i) => (map[String(i)] = [`variables.files.${i}`]));
  body.append('map', JSON.stringify(map));
  files.forEach((file, i) => body.append(String(i), file, file.name));

  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { [CSRF_HEADER]: '1' },
    });
  } catch {
    return { errors: [TRANSPORT_MESSAGES.network] };
  }
  const json = (await response.json().catch(() => null)) as {
    data?: ProductMediaUploadMutation | null;
    errors?: { message: string }[];
  } | null;
  if (!json)
    return {
      errors: [
        response.status === 413 ? UPLOAD_REFUSED_AS_TOO_LARGE : TRANSPORT_MESSAGES.http(response.status),
      ],
    };
  if (json.errors?.length) return { errors: json.errors.map((e) => e.message) };
  return {
    errors: json.data?.productMediaUpload.userErrors.map((e) => e.message) ?? [TRANSPORT_MESSAGES.empty],
  };
}
