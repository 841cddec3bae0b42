import type { Generated } from 'kysely';
import type { EmailMessageStatus, NotificationTemplateKind } from '@stockroom/domain';
import type { Json, Timestamp } from '../../db/columns.js';

/** A template the store changed; a kind without a row uses its default (template-defaults.ts). */
export interface NotificationTemplateTable {
  kind: NotificationTemplateKind;
  subject: string;
  body: string;
  updated_by: string | null;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** What a message is about, kept at queue time so a retry renders and sends the same thing. */
export interface EmailMessageData {
  /** The order's name as the store numbered it (#1001), for the outbox list. */
  orderName?: string | null;
  fulfillmentId?: string | null;
  refundId?: string | null;
  /** The return a RETURN_CREATED message is about. */
  returnId?: string | null;
  /** An ORDER_EDITED message: the edit it tells (one message per edit) and its changes in words. */
  editId?: string | null;
  editSummary?: string[] | null;
  /** A staff message's link (invitation or reset), absolute. */
  link?: string | null;
  staffName?: string | null;
  expiresAt?: string | null;
}

/** One email Stockroom sent, tried to send, or (without SMTP_URL) kept as it would have been sent. */
export interface EmailMessageTable {
  id: string;
  kind: NotificationTemplateKind;
  to_address: string;
  /** Empty until the message is rendered (by its job, which sends it). */
  subject: Generated<string>;
  html: Generated<string>;
  text: Generated<string>;
  status: EmailMessageStatus;
  error: string | null;
  attempts: Generated<number>;
  order_id: string | null;
  staff_id: string | null;
  customer_id: string | null;
  data: Json<EmailMessageData>;
  created_by: string | null;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
  updated_at: Generated<Date>;
  version: Generated<number>;
}

/** This module's tables, as Kysely sees them. */
export interface NotificationTables {
  notification_templates: NotificationTemplateTable;
  email_messages: EmailMessageTable;
}
