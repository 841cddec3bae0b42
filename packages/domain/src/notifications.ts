/**
 * Email (issue #30, SPEC §10): the messages Stockroom sends, each from an editable template.
 * Customer messages go only to a customer with an email, and only when staff tick "Notify customer"
 * in the action that causes them; staff messages carry the invitation or reset link.
 */
export const NOTIFICATION_TEMPLATE_KINDS = [
  'ORDER_CONFIRMATION',
  'SHIPPING_CONFIRMATION',
  'ORDER_CANCELLED',
  'REFUND_ISSUED',
  'RETURN_CREATED',
  'ORDER_EDITED',
  'STAFF_INVITATION',
  'STAFF_PASSWORD_RESET',
] as const;
export type NotificationTemplateKind = (typeof NOTIFICATION_TEMPLATE_KINDS)[number];

export const NOTIFICATION_TEMPLATE_LABELS: Record<NotificationTemplateKind, string> = {
  ORDER_CONFIRMATION: 'Order confirmation',
  SHIPPING_CONFIRMATION: 'Shipping confirmation',
  ORDER_CANCELLED: 'Order cancelled',
  REFUND_ISSUED: 'Refund issued',
  RETURN_CREATED: 'Return started',
  ORDER_EDITED: 'Order updated',
  STAFF_INVITATION: 'Staff invitation',
  STAFF_PASSWORD_RESET: 'Staff password reset',
};

/** Messages to staff (their links) rather than to customers. */
export const STAFF_NOTIFICATION_KINDS: readonly NotificationTemplateKind[] = [
  'STAFF_INVITATION',
  'STAFF_PASSWORD_RESET',
];

/**
 * QUEUED until its job runs; SENT when the SMTP server took it; FAILED after the retries (Resend
 * offered); NOT_SENT when no SMTP server is configured (kept, shown as it would have been sent).
 */
export const EMAIL_MESSAGE_STATUSES = ['QUEUED', 'SENT', 'FAILED', 'NOT_SENT'] as const;
export type EmailMessageStatus = (typeof EMAIL_MESSAGE_STATUSES)[number];

/** Template limits. */
export const MAX_TEMPLATE_SUBJECT_LENGTH = 200;
export const MAX_TEMPLATE_BODY_LENGTH = 50_000;

/** Customer messages: the order's own (ORDERS_READ reads them in the outbox). */
export const CUSTOMER_NOTIFICATION_KINDS: readonly NotificationTemplateKind[] =
  NOTIFICATION_TEMPLATE_KINDS.filter((k) => !STAFF_NOTIFICATION_KINDS.includes(k));

export const EMAIL_MESSAGE_STATUS_LABELS: Record<EmailMessageStatus, string> = {
  QUEUED: 'Queued',
  SENT: 'Sent',
  FAILED: 'Failed',
  NOT_SENT: 'Not sent (no mail server)',
};

/** How the order timeline says what happened to a message (by the audit action that recorded it). */
export const EMAIL_TIMELINE_WORDS: Record<'queued' | 'sent' | 'failed' | 'not_sent', string> = {
  queued: 'queued for',
  sent: 'sent to',
  failed: 'could not be sent to',
  not_sent: 'kept, not sent (no mail server), for',
};
