// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductFieldsFragment } from '../../../gql/graphql';
import { installDomShims, screenWrapper } from '../../../test-support/dom';
import { VariantForm } from './variant-form';

type Variant = ProductFieldsFragment['variants'][number];

function product(version: number, variant: Partial<Variant>): ProductFieldsFragment {
  const v: Variant = {
    __typename: 'ProductVariant',
    id: 'var_1',
    title: 'M',
    optionValues: ['M'],
    sku: 'APRON-M',
    barcode: null,
    price: { __typename: 'Money', amount: '20.00' },
    compareAtPrice: null,
    costPrice: null,
    weightGrams: null,
    trackInventory: true,
    allowBackorder: false,
    lowStockThreshold: null,
    version,
    ...variant,
  } as Variant;
  return {
    __typename: 'Product',
    id: 'prd_1',
    title: 'Linen Apron',
    handle: 'linen-apron',
    description: '',
    status: 'ACTIVE',
    vendor: null,
    productType: null,
    tags: [],
    seoTitle: null,
    seoDescription: null,
    version,
    updatedAt: '2026-11-28T10:00:00Z',
    category: null,
    collections: [],
    options: [{ __typename: 'ProductOption', name: 'Size', values: ['M'] }],
    media: [],
    variants: [v],
  } as unknown as ProductFieldsFragment;
}

const Screen = screenWrapper('/products/prd_1/variants/var_1');

function Frame({ children }: { children: ReactNode }) {
  return (
    <MockedProvider mocks={[]}>
      <Screen>{children}</Screen>
    </MockedProvider>
  );
}

const form = (p: ProductFieldsFragment) => (
  <VariantForm
    product={p}
    variantId="var_1"
    currencyCode="USD"
    weightUnit="GRAMS"
    canWrite
    onReload={() => Promise.resolve()}
  />
);

const input = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

beforeAll(installDomShims);
afterEach(cleanup);

describe('the variant form when someone else saves the product meanwhile', () => {
  it('keeps what the person typed and takes the other person’s change to another field', () => {
    const view = render(form(product(1, {})), { wrapper: Frame });
    fireEvent.change(input('Price'), { target: { value: '24.00' } });
    act(() => view.rerender(form(product(2, { sku: 'APRON-M-2' }))));
    expect(input('Price')).toHaveProperty('value', '24.00');
    expect(input('SKU')).toHaveProperty('value', 'APRON-M-2');
    expect(screen.queryByText(/changed while you edited/)).toBeNull();
    // Still unsaved: Save is on, and Discard goes back to their version, not the first one.
    expect(screen.getByRole('button', { name: 'Save variant' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(input('Price')).toHaveProperty('value', '20.00');
    expect(input('SKU')).toHaveProperty('value', 'APRON-M-2');
  });

  it('shows their value where both changed a field, with the person’s one click away', () => {
    const view = render(form(product(1, {})), { wrapper: Frame });
    fireEvent.change(input('Price'), { target: { value: '24.00' } });
    fireEvent.change(input('Barcode'), { target: { value: '4006381333931' } });
    act(() => view.rerender(form(product(2, { price: { amount: '22.00' } }))));
    expect(input('Price')).toHaveProperty('value', '22.00');
    expect(input('Barcode')).toHaveProperty('value', '4006381333931');
    expect(screen.getByText(/The price changed while you edited/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use my values' }));
    expect(input('Price')).toHaveProperty('value', '24.00');
    expect(screen.queryByText(/changed while you edited/)).toBeNull();
  });
});
