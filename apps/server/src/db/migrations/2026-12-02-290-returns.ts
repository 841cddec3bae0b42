import { sql, type Kysely } from 'kysely';

/**
 * Issue #31, returns: a return of an order (numbered within it: #1021-R1), its lines (the order
 * line, units asked back, reason, and what became of the units received), each receipt as it was
 * scanned, and the settlement kept on the return once made. Units credited with money by a
 * settlement are counted on the order line, so a later refund can't pay for them again. A level
 * counts the damaged units it holds aside (never sellable); a damaged return writes a
 * RETURN_DAMAGED movement, so the ledger says where they went.
 */
const REASONS = `('SIZE_TOO_SMALL', 'SIZE_TOO_LARGE', 'UNWANTED', 'DEFECTIVE', 'NOT_AS_DESCRIBED', 'WRONG_ITEM', 'OTHER')`;
const statements = [
  `create table returns (
    id uuid primary key,
    order_id uuid not null references orders (id),
    number integer not null,
    status text not null default 'REQUESTED'
      check (status in ('REQUESTED', 'OPEN', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CLOSED', 'CANCELLED')),
    quantity integer not null check (quantity > 0),
    received_quantity integer not null default 0,
    return_shipping_fee bigint not null default 0 check (return_shipping_fee >= 0),
    restocking_fee_percent integer not null default 0 check (restocking_fee_percent between 0 and 100),
    note text,
    settled_at timestamptz,
    credit bigint,
    fees bigint,
    shipping_refunded bigint,
    refund_id uuid references refunds (id),
    staff_id uuid references staff (id) on delete set null,
    staff_name text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    opened_at timestamptz,
    closed_at timestamptz,
    cancelled_at timestamptz,
    version integer not null default 1,
    unique (order_id, number),
    check (received_quantity between 0 and quantity)
  )`,
  `create index returns_newest on returns (created_at desc, id desc)`,
  `create index returns_status on returns (status, created_at desc, id desc)`,
  `create index returns_order on returns (order_id, number)`,
  `create index returns_to_settle on returns (created_at desc, id desc)
    where settled_at is null and received_quantity > 0 and status in ('PARTIALLY_RECEIVED', 'RECEIVED')`,
  `create table return_lines (
    id uuid primary key,
    return_id uuid not null references returns (id),
    order_line_id uuid not null references order_lines (id),
    position integer not null,
    quantity integer not null check (quantity > 0),
    reason text not null check (reason in ${REASONS}),
    note text,
    restocked_quantity integer not null default 0,
    damaged_quantity integer not null default 0,
    missing_quantity integer not null default 0,
    credited_quantity integer not null default 0,
    credit bigint not null default 0,
    check (restocked_quantity >= 0 and damaged_quantity >= 0 and missing_quantity >= 0),
    check (restocked_quantity + damaged_quantity + missing_quantity <= quantity),
    unique (return_id, position)
  )`,
  `create index return_lines_order_line on return_lines (order_line_id)`,
  `create table return_receipts (
    id uuid primary key,
    return_id uuid not null references returns (id),
    return_line_id uuid not null references return_lines (id),
    quantity integer not null check (quantity > 0),
    disposition text not null check (disposition in ('RESTOCK', 'DAMAGED', 'MISSING')),
    location_id uuid references locations (id),
    staff_id uuid references staff (id) on delete set null,
    staff_name text,
    created_at timestamptz not null
  )`,
  `create index return_receipts_return on return_receipts (return_id, created_at, id)`,
  `alter table order_lines add column return_credited_quantity integer not null default 0`,
  `alter table inventory_levels add column damaged integer not null default 0 check (damaged >= 0)`,
  `alter table inventory_movements drop constraint inventory_movements_reason_check`,
  `alter table inventory_movements add constraint inventory_movements_reason_check check (reason in
    ('RECEIVED', 'CORRECTION', 'DAMAGED', 'SHRINKAGE', 'TRANSFER', 'ORDER_COMMITTED', 'ORDER_RELEASED',
     'FULFILLED', 'RESTOCKED', 'IMPORT', 'RETURN_DAMAGED'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
