import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string, T | string>;

export interface AddressJson {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
  phone?: string | null;
}

export interface StoreSettingsTable {
  id: Generated<number>;
  name: string;
  contact_email: string | null;
  address: Json<AddressJson | null>;
  currency_code: Generated<string>;
  timezone: Generated<string>;
  weight_unit: Generated<string>;
  order_number_prefix: Generated<string>;
  low_stock_threshold: Generated<number>;
  prices_include_tax: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface RoleTable {
  id: string;
  key: string | null;
  name: string;
  description: string;
  permissions: string[];
  built_in: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export type StaffState = 'INVITED' | 'ACTIVE' | 'DEACTIVATED';

export interface StaffTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  state: StaffState;
  is_owner: Generated<boolean>;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface StaffRoleTable {
  staff_id: string;
  role_id: string;
}

export interface SessionTable {
  id: string;
  staff_id: string;
  token_hash: Buffer;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  revoked_at: Timestamp | null;
}

export interface LoginThrottleTable {
  key: string;
  failures: Generated<number>;
  blocked_until: Timestamp | null;
  window_started_at: Timestamp;
  attempts: Generated<number>;
}

export type ActorType = 'staff' | 'system' | 'api';

export interface AuditChange {
  before: unknown;
  after: unknown;
}

export interface AuditEventTable {
  id: string;
  actor_type: ActorType;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  changes: Json<Record<string, AuditChange>>;
  request_id: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface LocationTable {
  id: string;
  name: string;
  address: Json<AddressJson | null>;
  active: Generated<boolean>;
  fulfillment_priority: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface CategoryTable {
  id: string;
  name: string;
  handle: string;
  description: Generated<string>;
  parent_id: string | null;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ProductOptionJson {
  name: string;
  values: string[];
}

export interface ProductTable {
  id: string;
  title: string;
  handle: string;
  description: Generated<string>;
  status: 'DRAFT' | 'ACTIVE' | 'ARCHIVED';
  vendor: string | null;
  product_type: string | null;
  category_id: string | null;
  tags: string[];
  /** Lowercased tags, for case-insensitive `tag:` search on a GIN index. */
  tag_keys: string[];
  options: Json<ProductOptionJson[]>;
  seo_title: string | null;
  seo_description: string | null;
  published_at: Timestamp | null;
  variant_count: Generated<number>;
  min_price: number | null;
  max_price: number | null;
  search_text: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ProductVariantTable {
  id: string;
  product_id: string;
  title: string;
  option_values: string[];
  sku: string | null;
  barcode: string | null;
  price: number;
  compare_at_price: number | null;
  cost_price: number | null;
  weight_grams: number | null;
  track_inventory: boolean;
  allow_backorder: boolean;
  low_stock_threshold: number | null;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface CollectionRuleJson {
  field: string;
  relation: string;
  value: string;
}

export interface CollectionTable {
  id: string;
  title: string;
  handle: string;
  description: Generated<string>;
  kind: 'MANUAL' | 'AUTOMATED';
  rules: Json<CollectionRuleJson[]>;
  match: 'ALL' | 'ANY';
  product_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface CollectionProductTable {
  collection_id: string;
  product_id: string;
  position: number;
}

export interface ProductMediaTable {
  id: string;
  product_id: string;
  position: number;
  alt: Generated<string>;
  content_hash: string;
  mime_type: string;
  width: number;
  height: number;
  size_bytes: number;
  filename: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface InventoryLevelTable {
  id: Generated<string>;
  variant_id: string;
  location_id: string;
  on_hand: Generated<number>;
  committed: Generated<number>;
  incoming: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export const MOVEMENT_REASONS = [
  'RECEIVED',
  'CORRECTION',
  'DAMAGED',
  'SHRINKAGE',
  'TRANSFER',
  'ORDER_COMMITTED',
  'ORDER_RELEASED',
  'FULFILLED',
  'RESTOCKED',
  'IMPORT',
] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

export interface InventoryMovementTable {
  id: string;
  variant_id: string;
  location_id: string;
  on_hand_delta: number;
  committed_delta: Generated<number>;
  on_hand_after: number;
  committed_after: number;
  reason: MovementReason;
  note: string | null;
  staff_id: string | null;
  staff_name: string | null;
  transfer_id: string | null;
  created_at: Timestamp;
}

export interface IdempotencyKeyTable {
  scope: string;
  key: string;
  request_hash: string;
  response: Json<unknown>;
  created_at: Timestamp;
}

export interface CustomerTable {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  note: string | null;
  tags: string[];
  tag_keys: string[];
  accepts_marketing: boolean;
  state: 'ENABLED' | 'DISABLED' | 'ERASED';
  default_address_id: string | null;
  orders_count: Generated<number>;
  total_spent: Generated<number>;
  last_order_at: Timestamp | null;
  search_text: Generated<string>;
  erased_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface CustomerAddressTable {
  id: string;
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postal_code: string | null;
  country_code: string;
  phone: string | null;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerCommentTable {
  id: string;
  customer_id: string;
  staff_id: string | null;
  staff_name: string | null;
  body: string;
  created_at: Timestamp;
}

export interface ShippingZoneTable {
  id: string;
  name: string;
  countries: string[];
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ShippingRateTable {
  id: string;
  zone_id: string;
  name: string;
  price: number;
  min_subtotal: number | null;
  max_subtotal: number | null;
  free_above: number | null;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface TaxRateTable {
  id: string;
  country_code: string;
  region: string | null;
  /** Percent with up to 3 decimals, as a string (numeric). */
  rate: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface OrderTable {
  id: string;
  number: Generated<number>;
  status: Generated<'OPEN' | 'CLOSED' | 'CANCELLED'>;
  payment_status: Generated<string>;
  fulfillment_status: Generated<string>;
  customer_id: string | null;
  email: string | null;
  phone: string | null;
  currency_code: string;
  subtotal: Generated<number>;
  shipping_total: Generated<number>;
  tax_total: Generated<number>;
  discount_total: Generated<number>;
  total: Generated<number>;
  total_paid: Generated<number>;
  total_refunded: Generated<number>;
  shipping_address: Json<AddressJson | null>;
  billing_address: Json<AddressJson | null>;
  source: Generated<'API' | 'DRAFT' | 'IMPORT' | 'DEMO'>;
  idempotency_key: string | null;
  note: string | null;
  tags: Generated<string[]>;
  cancelled_at: Timestamp | null;
  cancel_reason: string | null;
  closed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface OrderLineTable {
  id: string;
  order_id: string;
  product_id: string | null;
  variant_id: string | null;
  product_title: string;
  variant_title: string;
  sku: string | null;
  unit_price: number;
  quantity: number;
  discount: Generated<number>;
  tax: Generated<number>;
  fulfilled_quantity: Generated<number>;
  refunded_quantity: Generated<number>;
  position: Generated<number>;
}

export interface Database {
  orders: OrderTable;
  order_lines: OrderLineTable;
  customers: CustomerTable;
  customer_addresses: CustomerAddressTable;
  customer_comments: CustomerCommentTable;
  shipping_zones: ShippingZoneTable;
  shipping_rates: ShippingRateTable;
  tax_rates: TaxRateTable;
  inventory_levels: InventoryLevelTable;
  inventory_movements: InventoryMovementTable;
  idempotency_keys: IdempotencyKeyTable;
  categories: CategoryTable;
  products: ProductTable;
  product_variants: ProductVariantTable;
  collections: CollectionTable;
  collection_products: CollectionProductTable;
  product_media: ProductMediaTable;
  store_settings: StoreSettingsTable;
  roles: RoleTable;
  staff: StaffTable;
  staff_roles: StaffRoleTable;
  sessions: SessionTable;
  login_throttles: LoginThrottleTable;
  audit_events: AuditEventTable;
  locations: LocationTable;
}

export type StaffRow = Selectable<StaffTable>;
export type NewStaff = Insertable<StaffTable>;
export type StaffUpdate = Updateable<StaffTable>;
export type RoleRow = Selectable<RoleTable>;
export type SessionRow = Selectable<SessionTable>;
export type AuditEventRow = Selectable<AuditEventTable>;
export type StoreSettingsRow = Selectable<StoreSettingsTable>;
export type LocationRow = Selectable<LocationTable>;
export type CategoryRow = Selectable<CategoryTable>;
export type ProductRow = Selectable<ProductTable>;
export type VariantRow = Selectable<ProductVariantTable>;
export type CollectionRow = Selectable<CollectionTable>;
export type MediaRow = Selectable<ProductMediaTable>;
export type InventoryLevelRow = Selectable<InventoryLevelTable>;
export type InventoryMovementRow = Selectable<InventoryMovementTable>;
export type CustomerRow = Selectable<CustomerTable>;
export type CustomerAddressRow = Selectable<CustomerAddressTable>;
export type CustomerCommentRow = Selectable<CustomerCommentTable>;
export type ShippingZoneRow = Selectable<ShippingZoneTable>;
export type ShippingRateRow = Selectable<ShippingRateTable>;
export type TaxRateRow = Selectable<TaxRateTable>;
