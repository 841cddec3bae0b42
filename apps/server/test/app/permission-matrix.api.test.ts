import fs from 'node:fs';
import { buildSchema as parseSdl, getNamedType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, JOB_KIND_PERMISSIONS, type Permission } from '@stockroom/domain';
import { DATABASES, signedIn, useServer, type Client } from '../helpers.js';
import { createFixtures } from '../fuzz/fuzz-fixtures.js';
import { operationText } from '../fuzz/case-generator.js';
import { Plausible } from '../fuzz/plausible-values.js';

/**
 * SPEC §6, written down once, independently of the code that enforces it: what each query and
 * mutation needs. A field the schema has and this table lacks (or the other way round) fails, so
 * a new field can't ship without saying who may call it.
 */
/** A field's rule; a list is checked in order and the first one missing is named (an import's kind). */
const MATRIX: Record<string, Permission | readonly Permission[] | 'authenticated' | 'public'> = {
  'Query.analytics': 'authenticated',
  'Query.apiTokens': 'STAFF_MANAGE',
  'Query.auditEvents': 'AUDIT_READ',
  'Query.categories': 'CATALOG_READ',
  'Query.category': 'CATALOG_READ',
  'Query.collection': 'CATALOG_READ',
  'Query.collections': 'CATALOG_READ',
  'Query.customer': 'CUSTOMERS_READ',
  'Query.customers': 'CUSTOMERS_READ',
  'Query.customerTagValues': 'CUSTOMERS_READ',
  'Query.discount': 'DISCOUNTS_READ',
  'Query.discounts': 'DISCOUNTS_READ',
  'Query.draftOrder': 'ORDERS_READ',
  'Query.draftOrders': 'ORDERS_READ',
  // The outbox is filtered inside: order messages need ORDERS_READ, staff links STAFF_MANAGE (templates.api.test.ts).
  'Query.emailMessage': 'authenticated',
  'Query.emailMessages': 'authenticated',
  'Query.emailSettings': 'authenticated',
  'Query.exportColumns': 'authenticated',
  // The kind's permissions and DATA_IMPORT are checked inside (FORBIDDEN in words): imports.api.test.ts.
  'Query.importColumns': 'authenticated',
  'Query.inventoryLevels': 'CATALOG_READ',
  'Query.inventoryMovements': 'CATALOG_READ',
  'Query.job': 'authenticated',
  'Query.jobs': 'authenticated',
  'Query.locations': 'authenticated',
  'Query.me': 'public',
  'Query.node': 'authenticated',
  'Query.notificationTemplates': 'authenticated',
  // With an orderId it needs ORDERS_READ as well (templates.api.test.ts).
  'Query.notificationTemplatePreview': 'authenticated',
  'Query.nodes': 'authenticated',
  'Query.order': 'ORDERS_READ',
  // Issue #32: working out an edit is staff editing.
  'Query.orderEditCalculate': 'ORDERS_WRITE',
  'Query.orders': 'ORDERS_READ',
  'Query.permissions': 'authenticated',
  'Query.product': 'CATALOG_READ',
  'Query.productFilterValues': 'CATALOG_READ',
  'Query.productVariants': 'CATALOG_READ',
  'Query.products': 'CATALOG_READ',
  'Query.return': 'ORDERS_READ',
  'Query.returns': 'ORDERS_READ',
  'Query.roles': 'STAFF_MANAGE',
  // Saved views need their list's read permission (the matrix asks about ORDERS: ORDERS_READ);
  // sharing needs VIEWS_MANAGE, someone else's private view is NOT_FOUND (saved-views.api.test.ts).
  'Query.savedView': 'authenticated',
  'Query.savedViews': 'ORDERS_READ',
  'Query.search': 'authenticated',
  'Query.shippingRatesFor': 'authenticated',
  'Query.shippingZones': 'authenticated',
  'Query.shop': 'authenticated',
  'Query.documentSettings': 'authenticated',
  'Query.staffMember': 'STAFF_MANAGE',
  'Query.staffMembers': 'STAFF_MANAGE',
  'Query.taxPreview': 'authenticated',
  'Query.taxRates': 'authenticated',
  // Staff need WEBHOOKS_MANAGE (checked inside, FORBIDDEN naming it); an API token owns its own
  // subscriptions without it: webhooks-rules.api.test.ts.
  'Query.webhookDeliveries': 'WEBHOOKS_MANAGE',
  'Query.webhookSubscriptions': 'WEBHOOKS_MANAGE',
  'Mutation.accountUpdate': 'authenticated',
  'Mutation.emailMessageResend': 'authenticated',
  'Mutation.notificationTemplateReset': 'SETTINGS_WRITE',
  'Mutation.notificationTemplateUpdate': 'SETTINGS_WRITE',
  'Mutation.apiTokenCreate': 'STAFF_MANAGE',
  'Mutation.auditEventRevert': 'authenticated',
  'Mutation.apiTokenRevoke': 'STAFF_MANAGE',
  'Mutation.categoryCreate': 'CATALOG_WRITE',
  'Mutation.categoryDelete': 'CATALOG_WRITE',
  'Mutation.categoryMove': 'CATALOG_WRITE',
  'Mutation.categoryUpdate': 'CATALOG_WRITE',
  'Mutation.collectionAddProducts': 'CATALOG_WRITE',
  'Mutation.collectionCreate': 'CATALOG_WRITE',
  'Mutation.collectionDelete': 'CATALOG_WRITE',
  'Mutation.collectionRemoveProducts': 'CATALOG_WRITE',
  'Mutation.collectionReorderProducts': 'CATALOG_WRITE',
  'Mutation.collectionUpdate': 'CATALOG_WRITE',
  'Mutation.customerAddressAdd': 'CUSTOMERS_WRITE',
  'Mutation.customerAddressRemove': 'CUSTOMERS_WRITE',
  'Mutation.customerAddressUpdate': 'CUSTOMERS_WRITE',
  'Mutation.customerCommentAdd': 'CUSTOMERS_WRITE',
  'Mutation.customerCreate': 'CUSTOMERS_WRITE',
  'Mutation.customerDisable': 'CUSTOMERS_WRITE',
  'Mutation.customerEnable': 'CUSTOMERS_WRITE',
  'Mutation.customerErase': 'CUSTOMERS_ERASE',
  'Mutation.customerSetDefaultAddress': 'CUSTOMERS_WRITE',
  'Mutation.customerUpdate': 'CUSTOMERS_WRITE',
  'Mutation.customersBulkUpdate': 'CUSTOMERS_WRITE',
  'Mutation.discountCreate': 'DISCOUNTS_WRITE',
  'Mutation.discountDelete': 'DISCOUNTS_WRITE',
  'Mutation.discountUpdate': 'DISCOUNTS_WRITE',
  'Mutation.draftOrderCalculate': 'ORDERS_WRITE',
  'Mutation.draftOrderComplete': 'ORDERS_WRITE',
  'Mutation.draftOrderCreate': 'ORDERS_WRITE',
  'Mutation.draftOrderDelete': 'ORDERS_WRITE',
  'Mutation.draftOrderUpdate': 'ORDERS_WRITE',
  'Mutation.fulfillmentCancel': 'ORDERS_WRITE',
  'Mutation.exportStart': 'authenticated',
  'Mutation.importApply': 'authenticated',
  // The plausible file is a customers CSV: the customers kind's permissions, in the order checked.
  'Mutation.importStart': JOB_KIND_PERMISSIONS.IMPORT_CUSTOMERS,
  'Mutation.invitationAccept': 'public',
  'Mutation.inventoryAdjust': 'INVENTORY_WRITE',
  'Mutation.inventoryTransfer': 'INVENTORY_WRITE',
  'Mutation.locationCreate': 'INVENTORY_WRITE',
  'Mutation.locationUpdate': 'INVENTORY_WRITE',
  'Mutation.locationsReorder': 'INVENTORY_WRITE',
  'Mutation.jobCancel': 'authenticated',
  'Mutation.jobRevert': 'authenticated',
  'Mutation.login': 'public',
  'Mutation.logout': 'public',
  'Mutation.orderCancel': 'ORDERS_WRITE',
  'Mutation.orderCapture': 'ORDERS_WRITE',
  'Mutation.orderEdit': 'ORDERS_WRITE',
  'Mutation.orderClose': 'ORDERS_WRITE',
  'Mutation.orderCommentAdd': 'ORDERS_WRITE',
  'Mutation.orderCreate': 'ORDERS_WRITE',
  'Mutation.orderFulfill': 'ORDERS_WRITE',
  'Mutation.orderMarkAsPaid': 'ORDERS_WRITE',
  'Mutation.orderRefund': 'REFUNDS_WRITE',
  'Mutation.orderReopen': 'ORDERS_WRITE',
  'Mutation.orderUpdate': 'ORDERS_WRITE',
  'Mutation.orderVoid': 'REFUNDS_WRITE',
  'Mutation.returnCancel': 'RETURNS_WRITE',
  'Mutation.returnClose': 'RETURNS_WRITE',
  'Mutation.returnCreate': 'RETURNS_WRITE',
  'Mutation.returnOpen': 'RETURNS_WRITE',
  'Mutation.returnReceive': 'RETURNS_WRITE',
  'Mutation.returnSettle': 'RETURNS_WRITE',
  'Mutation.ordersBulkFulfill': 'ORDERS_WRITE',
  'Mutation.ordersBulkUpdate': 'ORDERS_WRITE',
  'Mutation.ownershipTransfer': 'STAFF_MANAGE',
  'Mutation.passwordChange': 'authenticated',
  'Mutation.passwordReset': 'public',
  'Mutation.productCreate': 'CATALOG_WRITE',
  'Mutation.productDelete': 'CATALOG_WRITE',
  'Mutation.productDuplicate': 'CATALOG_WRITE',
  'Mutation.productMediaDelete': 'CATALOG_WRITE',
  'Mutation.productMediaReorder': 'CATALOG_WRITE',
  'Mutation.productMediaUpdate': 'CATALOG_WRITE',
  'Mutation.productMediaUpload': 'CATALOG_WRITE',
  'Mutation.productUpdate': 'CATALOG_WRITE',
  'Mutation.productsBulkUpdate': 'CATALOG_WRITE',
  // INVENTORY_WRITE as well when `stock` is not empty (variants-bulk-update.api.test.ts).
  'Mutation.productVariantsBulkUpdate': 'CATALOG_WRITE',
  'Mutation.roleCreate': 'STAFF_MANAGE',
  'Mutation.roleDelete': 'STAFF_MANAGE',
  'Mutation.roleUpdate': 'STAFF_MANAGE',
  'Mutation.sessionRevoke': 'authenticated',
  'Mutation.shippingRateCreate': 'SETTINGS_WRITE',
  'Mutation.shippingRateDelete': 'SETTINGS_WRITE',
  'Mutation.shippingRateUpdate': 'SETTINGS_WRITE',
  'Mutation.shippingZoneCreate': 'SETTINGS_WRITE',
  'Mutation.shippingZoneDelete': 'SETTINGS_WRITE',
  'Mutation.shippingZoneUpdate': 'SETTINGS_WRITE',
  'Mutation.shopUpdate': 'SETTINGS_WRITE',
  'Mutation.documentSettingsUpdate': 'SETTINGS_WRITE',
  'Mutation.invoiceIssue': 'ORDERS_WRITE',
  'Mutation.staffDeactivate': 'STAFF_MANAGE',
  'Mutation.staffInvite': 'STAFF_MANAGE',
  'Mutation.staffPasswordResetCreate': 'STAFF_MANAGE',
  'Mutation.staffReactivate': 'STAFF_MANAGE',
  'Mutation.staffUpdate': 'STAFF_MANAGE',
  'Mutation.taxRateCreate': 'SETTINGS_WRITE',
  'Mutation.taxRateDelete': 'SETTINGS_WRITE',
  'Mutation.taxRateUpdate': 'SETTINGS_WRITE',
  'Mutation.savedViewCreate': 'ORDERS_READ',
  'Mutation.savedViewDelete': 'authenticated',
  'Mutation.savedViewSetDefault': 'ORDERS_READ',
  'Mutation.savedViewUpdate': 'authenticated',
  'Mutation.webhookDeliveriesRetryFailed': 'WEBHOOKS_MANAGE',
  'Mutation.webhookDeliveryRetry': 'WEBHOOKS_MANAGE',
  'Mutation.webhookSubscriptionCreate': 'WEBHOOKS_MANAGE',
  'Mutation.webhookSubscriptionDelete': 'WEBHOOKS_MANAGE',
  'Mutation.webhookSubscriptionTest': 'WEBHOOKS_MANAGE',
  'Mutation.webhookSubscriptionUpdate': 'WEBHOOKS_MANAGE',
};

/** Calls that would end the session the others run in; they are called signed out only. */
const SIGNED_OUT_ONLY = new Set(['Mutation.logout', 'Mutation.sessionRevoke']);

interface Answer {
  /** The root field's own refusal: FORBIDDEN (with the permission named) or UNAUTHENTICATED. */
  refused: { code: string; permission?: string } | null;
  /** Errors that say the call itself was malformed: then it proves nothing. */
  malformed: string[];
}

async function call(
  client: Client | null,
  url: string,
  op: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  args: Record<string, unknown>,
): Promise<Answer> {
  // A file argument (importStart's Upload) goes as the GraphQL multipart request the admin sends.
  const uploads = field.args.filter((a) => getNamedType(a.type).name === 'Upload').map((a) => a.name);
  const operation = { query: operationText(op, field, args), variables: args };
  let payload: string | FormData = JSON.stringify(operation);
  if (uploads.length) {
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        ...operation,
        variables: { ...args, ...Object.fromEntries(uploads.map((u) => [u, null])) },
      }),
    );
    form.set(
      'map',
      JSON.stringify(Object.fromEntries(uploads.map((u, i) => [String(i), [`variables.${u}`]]))),
    );
    uploads.forEach((_, i) => form.set(String(i), new Blob(['Email\nmatrix@example.com\n']), 'matrix.csv'));
    payload = form;
  }
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      ...(uploads.length ? {} : { 'content-type': 'application/json' }),
      'x-stockroom-csrf': '1',
      ...(client?.cookie ? { cookie: client.cookie } : {}),
    },
    body: payload,
  });
  const body = (await res.json()) as {
    errors?: { path?: (string | number)[]; extensions?: { code?: string; permission?: string } }[];
  };
  const errors = body.errors ?? [];
  const own = errors.find(
    (e) =>
      e.path?.length === 1 &&
      e.path[0] === field.name &&
      ['FORBIDDEN', 'UNAUTHENTICATED'].includes(e.extensions?.code ?? ''),
  );
  return {
    refused: own
      ? {
          code: own.extensions!.code!,
          ...(own.extensions?.permission ? { permission: own.extensions.permission } : {}),
        }
      : null,
    malformed: errors
      .filter((e) => !e.path && e.extensions?.code !== 'UNAUTHENTICATED')
      .map((e) => e.extensions?.code ?? 'NONE'),
  };
}

const expected = (rule: (typeof MATRIX)[string], permissions: readonly Permission[] | null) => {
  if (rule === 'public') return null;
  if (!permissions) return { code: 'UNAUTHENTICATED' };
  if (rule === 'authenticated') return null;
  const missing = (typeof rule === 'string' ? [rule] : rule).find((p) => !permissions.includes(p));
  return missing ? { code: 'FORBIDDEN', permission: missing } : null;
};

describe.each(DATABASES)('who may call what, every role × every root field, on $name', ({ postgresUrl }) => {
  const ctx = useServer({ postgresUrl, config: { rateLimit: false } });
  const schema = parseSdl(fs.readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
  const roots: ['query' | 'mutation', GraphQLObjectType][] = [
    ['query', schema.getQueryType()!],
    ['mutation', schema.getMutationType()!],
  ];

  it('has a row for every query and mutation, and none for fields that are gone', () => {
    const fields = roots.flatMap(([, root]) => Object.keys(root.getFields()).map((f) => `${root.name}.${f}`));
    expect(fields.filter((f) => !(f in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((f) => !fields.includes(f))).toEqual([]);
  });

  it('refuses exactly what each built-in role lacks, naming the permission, and everything signed out', async () => {
    const owner = await signedIn(ctx.server);
    const plausible = new Plausible(await createFixtures(owner, ctx.server.url, ctx.server.ownerPassword));
    const people: { who: string; client: Client | null; permissions: readonly Permission[] | null }[] = [
      { who: 'signed out', client: null, permissions: null },
    ];
    for (const role of BUILT_IN_ROLES) {
      const email = `${role.key}@example.com`;
      await ctx.server.createStaff({
        email,
        name: role.name,
        password: 'matrix-password-long-1',
        roleKeys: [role.key],
      });
      people.push({
        who: role.key,
        client: await signedIn(ctx.server, email, 'matrix-password-long-1'),
        permissions: role.permissions,
      });
    }
    const wrong: string[] = [];
    for (const [op, root] of roots) {
      for (const field of Object.values(root.getFields())) {
        const name = `${root.name}.${field.name}`;
        const args = plausible.args(field);
        for (const person of people) {
          if (person.client && SIGNED_OUT_ONLY.has(name)) continue;
          const answer = await call(person.client, ctx.server.url, op, field, args);
          const want = expected(MATRIX[name]!, person.permissions);
          if (answer.malformed.length)
            wrong.push(`${name} as ${person.who}: the call was refused as ${answer.malformed.join(', ')}`);
          else if (JSON.stringify(answer.refused) !== JSON.stringify(want))
            wrong.push(
              `${name} as ${person.who}: expected ${want ? JSON.stringify(want) : 'allowed'}, got ${answer.refused ? JSON.stringify(answer.refused) : 'allowed'}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
