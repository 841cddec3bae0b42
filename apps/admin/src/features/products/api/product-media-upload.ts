import { print } from 'graphql';
import { graphql } from '../../../gql';
import type { ProductMediaUploadMutation } from '../../../gql/graphql';
import { CSRF_HEADER } from '../../../lib/links';
import { TRANSPORT_MESSAGES } from '../../../lib/errors';

/** Adds images after the existing ones; sent as a GraphQL multipart request (files are not JSON). */
export const productMediaUploadDocument = graphql(`
  mutation ProductMediaUpload($productId: ID!, $files: [File!]!, $alt: String) {
    productMediaUpload(productId: $productId, files: $files, alt: $alt) {
      media {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`);

export interface UploadOutcome {
  /** The server's refusals (type, size …), in its words. */
  errors: string[];
}

/**
 * Posts operations/map/files form fields (the GraphQL multipart request spec). Apollo's HTTP link
 * sends JSON only, so this one request goes through fetch with the same cookie and CSRF header.
 */
export async function uploadProductMedia(productId: string, files: readonly File[]): Promise<UploadOutcome> {
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
  if (!json) return { errors: [TRANSPORT_MESSAGES.http(response.status)] };
  if (json.errors?.length) return { errors: json.errors.map((e) => e.message) };
  return {
    errors: json.data?.productMediaUpload.userErrors.map((e) => e.message) ?? [TRANSPORT_MESSAGES.empty],
  };
}
