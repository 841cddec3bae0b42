import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { ID_PREFIXES, type NodeType } from '@stockroom/domain';
import type { Fixtures } from './fuzz-fixtures.js';

/** Argument and input-field names that say which kind of id they take. */
const ID_NAMES: Record<string, NodeType | null> = {
  product: 'Product',
  variant: 'ProductVariant',
  media: 'ProductMedia',
  customer: 'Customer',
  address: 'CustomerAddress',
  zone: 'ShippingZone',
  location: 'Location',
  fromLocation: 'Location',
  toLocation: 'Location',
  category: 'Category',
  parent: 'Category',
  addToCollection: 'Collection',
  collection: 'Collection',
  order: 'Order',
  line: 'OrderLine',
  shippingRate: 'ShippingRate',
  subject: null,
};

/** For a bare `id`/`ids`: the kind named by the start of the field, longest first. */
const FIELD_PREFIXES: [string, NodeType][] = [
  ['productMedia', 'ProductMedia'],
  ['product', 'Product'],
  ['customerAddress', 'CustomerAddress'],
  ['customer', 'Customer'],
  ['category', 'Category'],
  ['collection', 'Collection'],
  ['shippingRate', 'ShippingRate'],
  ['shippingZone', 'ShippingZone'],
  ['taxRate', 'TaxRate'],
  ['location', 'Location'],
  ['session', 'Session'],
  ['draftOrder', 'DraftOrder'],
  ['discount', 'Discount'],
  ['fulfillment', 'Fulfillment'],
  ['order', 'Order'],
];

/** The kind of id an argument expects; null when any kind will do (node, nodes, subjectId). */
export function expectedIdType(rootField: string, name: string, owner?: string): NodeType | null {
  const ownKind = owner?.replace(/Input$/, '');
  if (name === 'id' && ownKind && ownKind in ID_PREFIXES) return ownKind as NodeType;
  const stem = name.replace(/Ids?$/, '');
  if (stem !== name && stem in ID_NAMES) return ID_NAMES[stem]!;
  if (name === 'id' || name === 'ids')
    return FIELD_PREFIXES.find(([p]) => rootField.startsWith(p))?.[1] ?? null;
  return null;
}

let counter = 0;
const next = () => ++counter;

/** Valid inputs that change nothing the other cases rely on; fresh names where names must be unique. */
function baseInputs(f: Fixtures): Record<string, () => Record<string, unknown>> {
  const adjustment = () => ({ variantId: f.ids.ProductVariant, locationId: f.ids.Location, delta: 1 });
  return {
    AccountUpdateInput: () => ({ name: 'Store Owner' }),
    AddressInput: () => ({
      line1: '1 Main St',
      city: 'Springfield',
      postalCode: '62701',
      region: 'IL',
      countryCode: 'US',
    }),
    CategoryInput: () => ({ name: `Fuzz category ${next()}` }),
    CollectionInput: () => ({ title: `Fuzz collection ${next()}` }),
    CollectionRuleInput: () => ({ field: 'title', relation: 'contains', value: 'scarf' }),
    CustomerInput: () => ({ email: `fuzz${next()}@example.com`, firstName: 'Fuzz' }),
    DraftOrderInput: () => ({ lines: [{ variantId: f.ids.ProductVariant, quantity: 1 }] }),
    DiscountInput: () => ({ code: `FUZZ${next()}`, kind: 'PERCENTAGE', value: '5', appliesTo: 'ALL' }),
    DraftOrderLineInput: () => ({ variantId: f.ids.ProductVariant, quantity: 1 }),
    OrderRefundInput: () => ({ orderId: f.ids.Order, amount: '0.00', reason: 'Fuzz' }),
    OrderRefundLineInput: () => ({ lineId: f.ids.OrderLine, quantity: 1 }),
    InventoryAdjustInput: () => ({ reason: 'CORRECTION', changes: [adjustment()] }),
    InventoryAdjustmentInput: adjustment,
    InventoryTransferInput: () => ({
      variantId: f.ids.ProductVariant,
      fromLocationId: f.ids.Location,
      toLocationId: f.secondLocationId,
      quantity: 1,
    }),
    LocationInput: () => ({ name: `Fuzz location ${next()}` }),
    ProductBulkActionInput: () => ({ addTags: ['fuzz'] }),
    ProductInput: () => ({ title: 'Fuzz product' }),
    ProductOptionInput: () => ({ name: 'Size', values: ['S'] }),
    ProductVariantInput: () => ({ price: '10.00' }),
    SavedViewInput: () => ({ resource: 'ORDERS', name: `Fuzz view ${next()}` }),
    // The bulk grid's save (issue #34): a stale version refuses the row, so nothing else moves.
    ProductVariantBulkChange: () => ({ variantId: f.ids.ProductVariant, expectedVersion: 0, price: '10.00' }),
    ProductVariantBulkStock: () => ({
      variantId: f.ids.ProductVariant,
      locationId: f.ids.Location,
      onHand: 1,
      expectedOnHand: -1,
    }),
    ShippingRateInput: () => ({ name: 'Fuzz rate', price: '5.00' }),
    ShippingZoneInput: () => ({ name: `Fuzz zone ${next()}` }),
    ShopInput: () => ({}),
    TaxRateInput: () => ({ countryCode: 'DE', name: 'Fuzz tax', rate: '19' }),
  };
}

/** Arguments given beyond the required ones, or instead of the generic guess. */
function rootOverrides(f: Fixtures): Record<string, Record<string, unknown>> {
  return {
    login: { email: 'nobody@example.com', password: 'not-the-password-1' },
    passwordChange: { currentPassword: f.ownerPassword, newPassword: 'fuzz-new-password-123' },
    customerErase: { confirmation: f.customerEmail },
    productUpdate: { id: f.victimProductId },
    productMediaUpload: { files: [] },
    categoryMove: { position: 0 },
    locationsReorder: { ids: [f.ids.Location, f.secondLocationId] },
    savedViews: { resource: 'ORDERS' },
    savedViewSetDefault: { resource: 'ORDERS' },
    taxPreview: { countryCode: 'US', lineAmounts: ['10.00'] },
    shippingRatesFor: { countryCode: 'US', subtotal: '10.00' },
  };
}

const STRING_NAMES: Record<string, string> = {
  countryCode: 'US',
  email: 'fuzz@example.com',
  subtotal: '10.00',
  price: '10.00',
};

export class Plausible {
  private readonly bases: Record<string, () => Record<string, unknown>>;
  private readonly overrides: Record<string, Record<string, unknown>>;
  constructor(private readonly fixtures: Fixtures) {
    this.bases = baseInputs(fixtures);
    this.overrides = rootOverrides(fixtures);
  }

  idOf(type: NodeType | null): string {
    return this.fixtures.ids[type ?? 'Product'] ?? this.fixtures.ids.Product!;
  }

  /** A valid value of `type`: the base of an input object, else its required fields. */
  value(type: GraphQLInputType, name: string, rootField: string, owner?: string): unknown {
    if (isNonNullType(type)) return this.value(type.ofType, name, rootField, owner);
    if (isListType(type)) return [this.value(type.ofType, name, rootField, owner)];
    if (isInputObjectType(type)) {
      const base = this.bases[type.name];
      if (base) return base();
      const out: Record<string, unknown> = {};
      for (const f of Object.values(type.getFields()))
        if (isNonNullType(f.type)) out[f.name] = this.value(f.type, f.name, rootField, type.name);
      return out;
    }
    if (isEnumType(type)) return type.getValues()[0]!.value;
    switch (getNamedType(type).name) {
      case 'ID':
        return this.idOf(expectedIdType(rootField, name, owner));
      case 'Int':
        return 1;
      case 'Boolean':
        return false;
      default:
        return STRING_NAMES[name] ?? 'Fuzz';
    }
  }

  /** Arguments that make a valid call of `field`: the required ones, plus any override. */
  args(field: GraphQLField<unknown, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const a of field.args)
      if (isNonNullType(a.type)) out[a.name] = this.value(a.type, a.name, field.name);
    return { ...out, ...this.overrides[field.name] };
  }

  /** The plausible object `type` starts from when one of its fields is fuzzed. */
  base(type: GraphQLInputType, rootField: string): Record<string, unknown> {
    return this.value(type, '', rootField) as Record<string, unknown>;
  }
}
