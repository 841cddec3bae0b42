import type { Migration } from 'kysely';
import * as foundation from './2026-11-21-001-foundation.js';
import * as catalog from './2026-11-21-002-catalog.js';
import * as inventory from './2026-11-21-003-inventory.js';
import * as customers from './2026-11-21-004-customers-shipping-taxes.js';
import * as ordersBase from './2026-11-21-005-orders-base.js';
import * as dropLoginThrottles from './2026-11-23-006-drop-login-throttles.js';
import * as orders from './2026-11-23-007-orders.js';
import * as drafts from './2026-11-24-008-drafts.js';
import * as discounts from './2026-11-24-009-discounts.js';
import * as apiTokens from './2026-11-24-010-api-tokens.js';
import * as staffLinks from './2026-11-24-011-staff-links.js';
import * as analytics from './2026-11-24-012-analytics.js';
import * as stemmedSearch from './2026-11-24-013-stemmed-search.js';
import * as moreSorts from './2026-11-24-014-more-sorts.js';
import * as stockEverywhere from './2026-11-27-015-stock-everywhere.js';
import * as levelSortKey from './2026-11-27-016-level-sort-key.js';
import * as refundTruth from './2026-11-28-130-refund-truth.js';
import * as salesFigures from './2026-11-28-140-sales-figures.js';
import * as levelSortByLocation from './2026-11-28-170-level-sort-by-location.js';
import * as jobs from './2026-11-28-200-jobs.js';
import * as outbox from './2026-11-28-210-outbox.js';
import * as exportJobKinds from './2026-11-28-240-export-job-kinds.js';
import * as jobResultExpiry from './2026-11-29-220-job-result-expiry.js';
import * as imports from './2026-11-30-250-imports.js';
import * as webhooks from './2026-12-01-260-webhooks.js';
import * as email from './2026-12-01-270-email.js';
import * as levelSortKeyGiven from './2026-12-02-280-level-sort-key-given.js';
import * as returns from './2026-12-02-290-returns.js';
import * as returnSales from './2026-12-02-295-return-sales.js';
import * as returnExchanges from './2026-12-03-300-return-exchanges.js';
import * as returnEmail from './2026-12-03-310-return-email.js';
import * as orderEdits from './2026-12-04-320-order-edits.js';
import * as orderEditEmail from './2026-12-04-330-order-edit-email.js';
import * as documentSettings from './2026-12-05-340-document-settings.js';
import * as invoices from './2026-12-05-350-invoices.js';
import * as savedViews from './2026-12-06-370-saved-views.js';
import * as customerBulkEdit from './2026-12-06-380-customer-bulk-edit.js';
import * as trigramSearch from './2026-12-07-390-trigram-search.js';
import * as productSearchVector from './2026-12-07-400-product-search-vector.js';

/** Up-only, applied in name order. Imported statically so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-foundation': foundation,
  '2026-11-21-002-catalog': catalog,
  '2026-11-21-003-inventory': inventory,
  '2026-11-21-004-customers-shipping-taxes': customers,
  '2026-11-21-005-orders-base': ordersBase,
  '2026-11-23-006-drop-login-throttles': dropLoginThrottles,
  '2026-11-23-007-orders': orders,
  '2026-11-24-008-drafts': drafts,
  '2026-11-24-009-discounts': discounts,
  '2026-11-24-010-api-tokens': apiTokens,
  '2026-11-24-011-staff-links': staffLinks,
  '2026-11-24-012-analytics': analytics,
  '2026-11-24-013-stemmed-search': stemmedSearch,
  '2026-11-24-014-more-sorts': moreSorts,
  '2026-11-27-015-stock-everywhere': stockEverywhere,
  '2026-11-27-016-level-sort-key': levelSortKey,
  '2026-11-28-130-refund-truth': refundTruth,
  '2026-11-28-140-sales-figures': salesFigures,
  '2026-11-28-170-level-sort-by-location': levelSortByLocation,
  '2026-11-28-200-jobs': jobs,
  '2026-11-28-210-outbox': outbox,
  '2026-11-28-240-export-job-kinds': exportJobKinds,
  '2026-11-29-220-job-result-expiry': jobResultExpiry,
  '2026-11-30-250-imports': imports,
  '2026-12-01-260-webhooks': webhooks,
  '2026-12-01-270-email': email,
  '2026-12-02-280-level-sort-key-given': levelSortKeyGiven,
  '2026-12-02-290-returns': returns,
  '2026-12-02-295-return-sales': returnSales,
  '2026-12-03-300-return-exchanges': returnExchanges,
  '2026-12-03-310-return-email': returnEmail,
  '2026-12-04-320-order-edits': orderEdits,
  '2026-12-04-330-order-edit-email': orderEditEmail,
  '2026-12-05-340-document-settings': documentSettings,
  '2026-12-05-350-invoices': invoices,
  '2026-12-06-370-saved-views': savedViews,
  '2026-12-06-380-customer-bulk-edit': customerBulkEdit,
  '2026-12-07-390-trigram-search': trigramSearch,
  '2026-12-07-400-product-search-vector': productSearchVector,
};
