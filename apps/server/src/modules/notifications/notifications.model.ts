import type { Selectable } from 'kysely';
import { tableRow, type Camel } from '../../db/row.js';
import type { EmailMessageTable, NotificationTemplateTable } from './notifications.tables.js';

export const emailMessageRow = tableRow<EmailMessageTable>()(
  [
    'id',
    'kind',
    'to_address',
    'subject',
    'html',
    'text',
    'status',
    'error',
    'attempts',
    'order_id',
    'staff_id',
    'customer_id',
    'data',
    'created_by',
    'created_at',
    'sent_at',
    'updated_at',
    'version',
  ] as const,
  { json: ['data'] },
);
export type EmailMessage = Camel<Selectable<EmailMessageTable>>;
export type { EmailMessageData } from './notifications.tables.js';

export const templateRow = tableRow<NotificationTemplateTable>()([
  'kind',
  'subject',
  'body',
  'updated_by',
  'updated_at',
  'version',
] as const);
export type StoredTemplate = Camel<Selectable<NotificationTemplateTable>>;
