import { createHmac } from 'node:crypto';
import { WEBHOOK_TOPIC_LABELS, WEBHOOK_TOPIC_PERMISSION } from '@stockroom/domain';
import type { Viewer } from '../../actor.js';
import type { Executor } from '../../db/database.js';
import { starterPermissionsNow } from '../staff/starter.service.js';
import type { WebhookSubscription } from './webhook.model.js';

/**
 * The subscription's owner as a viewer, with the permissions they hold now: a token acts with its
 * own (and only while it is live and its maker active), a staff member with their roles'. A payload
 * is read as this viewer. Answers why not, in words, when the owner can no longer read the topic.
 */
export async function ownerNow(
  db: Executor,
  sub: Pick<WebhookSubscription, 'ownerStaffId' | 'ownerTokenId' | 'topic'>,
): Promise<{ viewer: Viewer } | { reason: string }> {
  const check = await starterPermissionsNow(
    db,
    { staffId: sub.ownerStaffId, tokenId: sub.ownerTokenId, name: 'Its owner' },
    'owns this webhook',
  );
  if (!check.ok) return { reason: check.reason };
  const need = WEBHOOK_TOPIC_PERMISSION[sub.topic];
  if (!check.permissions.has(need))
    return {
      reason: `Its owner no longer holds ${need}, which “${WEBHOOK_TOPIC_LABELS[sub.topic]}” needs.`,
    };
  return {
    viewer: {
      staffId: check.staffId ?? '',
      sessionId: '',
      email: '',
      name: '',
      isOwner: false,
      permissions: check.permissions,
      ...(sub.ownerTokenId ? { token: { id: sub.ownerTokenId, name: '' } } : {}),
    },
  };
}

/** X-Stockroom-Hmac-Sha256: the base64 HMAC-SHA256 of the raw body with the subscription's secret. */
export function signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}
