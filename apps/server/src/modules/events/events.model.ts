import type { ActorType } from '@stockroom/domain';

/**
 * The domain events of issue #28 §2. `session.revoked`, `staff.deactivated`, `staff.updated`,
 * `api_token.revoked` and `role.updated` end or re-check live streams on every instance.
 */
export const DOMAIN_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'order.paid',
  'order.fulfilled',
  'order.cancelled',
  'order.edited',
  'refund.created',
  'draft_order.created',
  'draft_order.updated',
  'draft_order.deleted',
  'draft_order.completed',
  'product.created',
  'product.updated',
  'product.deleted',
  'inventory_level.updated',
  'customer.created',
  'customer.updated',
  'session.revoked',
  'staff.deactivated',
  'staff.updated',
  'api_token.revoked',
  'role.updated',
  'job.updated',
  'return.created',
  'return.updated',
  'return.received',
  'return.settled',
  'return.cancelled',
  'return.closed',
] as const;

export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** What a command says happened, before the outbox gives it an id and a position. */
export interface NewDomainEvent {
  type: DomainEventType;
  /** The GraphQL type of the subject: Order, Product, Customer, InventoryLevel, Session, Staff… */
  subjectType: string;
  subjectId: string;
  /** The subject's version after the command; read from its row at commit when not given. */
  version?: number | null;
  /** Ids and the few facts consumers need: never personal data beyond ids. */
  payload?: Record<string, unknown>;
}

/** A committed event, as consumers receive it. */
export interface DomainEvent {
  id: string;
  position: number;
  type: DomainEventType;
  subjectType: string;
  subjectId: string;
  version: number | null;
  actor: { type: ActorType; id: string | null; name: string | null };
  payload: Record<string, unknown>;
  createdAt: Date;
}
