// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiscountFieldsFragment } from '../../../gql/graphql';
import { installDomShims } from '../../../test-support/dom';
import { editorWrapper, fakeServer, type Answer } from '../../../test-support/editor';
import { useDiscountEditor, type DiscountEditorOptions } from './use-discount-editor';

const ZONE = 'America/New_York';

const stored: DiscountFieldsFragment = {
  id: 'disc_1',
  code: 'WELCOME10',
  kind: 'PERCENTAGE',
  value: '10',
  summary: '10% off everything',
  amount: null,
  appliesTo: 'PRODUCTS',
  products: [{ id: 'prod_1', title: 'Oak chair', status: 'ACTIVE' }],
  collections: [],
  minimumSubtotal: null,
  minimumQuantity: null,
  startsAt: '2026-12-01T05:00:00.000Z',
  endsAt: null,
  usageLimit: null,
  usageCount: 0,
  oncePerCustomer: false,
  status: 'SCHEDULED',
  disabled: false,
  version: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

/** A discount as the server sends it. */
const sent = (d: DiscountFieldsFragment) => ({ __typename: 'Discount', ...d });

const userError = (field: string[] | null, message: string, code: string) => ({
  __typename: 'UserError' as const,
  field,
  message,
  code,
  relatedId: null,
});

function setUp(answers: Record<string, Answer>, options: Partial<DiscountEditorOptions> = {}) {
  const server = fakeServer(answers);
  const { wrapper, router } = editorWrapper(
    server.client,
    options.discount ? '/discounts/disc_1' : '/discounts/new',
  );
  const { result } = renderHook(
    () =>
      useDiscountEditor({ discount: null, currencyCode: 'USD', timeZone: ZONE, canWrite: true, ...options }),
    { wrapper },
  );
  return { result, server, router };
}

let shown: ReturnType<typeof vi.fn<(n: unknown) => void>>;
beforeAll(installDomShims);
beforeEach(() => {
  shown = vi.fn<(n: unknown) => void>();
  vi.spyOn(notifications, 'show').mockImplementation((n) => {
    shown(n);
    return 'toast';
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useDiscountEditor', () => {
  it('checks the shared rules before sending: a code without a code sends nothing and says so under it', async () => {
    const { result, server } = setUp({});
    await act(() => result.current.form.submit());
    expect(result.current.form.formState.errors.code?.message).toBeTruthy();
    expect(server.sent).toEqual([]);
  });

  it('creates a code with every field as the API takes it, says so and moves to its page', async () => {
    const { result, server, router } = setUp({
      DiscountCreate: () => ({
        discountCreate: {
          __typename: 'DiscountCreatePayload',
          discount: sent({ ...stored, id: 'disc_9' }),
          userErrors: [],
        },
      }),
      Discounts: () => ({}),
    });
    act(() => {
      result.current.form.setValue('code', ' SPRING ', { shouldDirty: true });
      result.current.form.setValue('startsAt', '2026-12-01T00:00');
      result.current.form.setValue('usageLimit', '5');
    });
    await act(() => result.current.form.submit());
    expect(server.variablesOf('DiscountCreate')).toEqual([
      {
        input: {
          code: 'SPRING',
          kind: 'PERCENTAGE',
          value: '10',
          appliesTo: 'ALL',
          productIds: [],
          collectionIds: [],
          minimumSubtotal: null,
          minimumQuantity: null,
          startsAt: '2026-12-01T05:00:00.000Z',
          endsAt: null,
          usageLimit: 5,
          oncePerCustomer: false,
        },
      },
    ]);
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', title: 'Code WELCOME10 created' }),
    );
    expect(router.state.location.pathname).toBe('/discounts/disc_9');
  });

  it('puts the server refusal under the field it names, and the rest above the form', async () => {
    const { result } = setUp({
      DiscountCreate: () => ({
        discountCreate: {
          __typename: 'DiscountCreatePayload',
          discount: null,
          userErrors: [
            userError(['input', 'code'], 'Another code is already WELCOME10.', 'TAKEN'),
            userError(null, 'The store is closed for changes.', 'INVALID'),
          ],
        },
      }),
    });
    act(() => result.current.form.setValue('code', 'WELCOME10', { shouldDirty: true }));
    await act(() => result.current.form.submit());
    expect(result.current.form.formState.errors.code?.message).toBe('Another code is already WELCOME10.');
    expect(result.current.form.formErrors).toEqual(['The store is closed for changes.']);
    expect(shown).not.toHaveBeenCalled();
    expect(result.current.form.formState.isDirty).toBe(true);
  });

  it('updates with the version it loaded; a code saved by someone else since offers to reload instead', async () => {
    const fresh = { ...stored, code: 'THEIRS', version: 4, collections: [] };
    let answer: 'stale' | 'saved' = 'stale';
    const onReload = vi.fn(() => Promise.resolve(fresh));
    const { result, server } = setUp(
      {
        DiscountUpdate: () => ({
          discountUpdate: {
            __typename: 'DiscountUpdatePayload',
            discount: answer === 'saved' ? sent({ ...fresh, code: 'OURS', version: 5 }) : null,
            userErrors:
              answer === 'stale'
                ? [userError(['version'], 'Someone else saved this code; reload it.', 'STALE_VERSION')]
                : [],
          },
        }),
      },
      { discount: stored, onReload },
    );
    expect(result.current.labels.get('prod_1')).toEqual({ title: 'Oak chair', detail: null });
    act(() => result.current.form.setValue('code', 'OURS', { shouldDirty: true }));
    await act(() => result.current.form.submit());
    expect(server.variablesOf('DiscountUpdate')[0]).toMatchObject({
      id: 'disc_1',
      version: 3,
      input: { code: 'OURS', appliesTo: 'PRODUCTS', productIds: ['prod_1'], startsAt: stored.startsAt },
    });
    expect(result.current.stale).toBe('Someone else saved this code; reload it.');
    expect(result.current.form.formErrors).toEqual([]);
    expect(shown).not.toHaveBeenCalled();

    await act(() => result.current.reload());
    expect(onReload).toHaveBeenCalled();
    expect(result.current.stale).toBeNull();
    expect(result.current.form.getValues('code')).toBe('THEIRS');
    expect(result.current.form.formState.isDirty).toBe(false);

    answer = 'saved';
    act(() => result.current.form.setValue('code', 'OURS', { shouldDirty: true }));
    await act(() => result.current.form.submit());
    expect(shown).toHaveBeenCalledWith({ color: 'green', title: 'Discount saved', message: 'OURS' });
    // The form now holds what was saved, so nothing is left to lose on leaving.
    expect(result.current.form.formState.isDirty).toBe(false);
    expect(result.current.form.getValues('code')).toBe('OURS');
  });

  it('generates a code, and is read-only without DISCOUNTS_WRITE', () => {
    expect(setUp({}, { canWrite: false, discount: stored }).result.current.readOnly).toBe(true);
    cleanup();
    const { result } = setUp({}, { discount: stored });
    expect(result.current.readOnly).toBe(false);
    act(() => result.current.generateCode());
    expect(result.current.form.getValues('code')).not.toBe('WELCOME10');
    expect(result.current.form.getValues('code')).toMatch(/^[A-Z0-9]{6,}$/);
    expect(result.current.form.formState.isDirty).toBe(true);
    expect(result.current.zoneNote).toContain('America/New York');
  });
});
