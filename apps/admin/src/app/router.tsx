import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyScreen } from './lazy-screen';
import { PageLoader } from './page-loader';
import { firstPageLoader } from '../lib/prefetch';
import { productsFirstPage } from '../features/products/api/products-first-page';
import { productsDocument } from '../features/products/api/products-query';
import { RequireSession } from './require-session';
import { RouteErrorBoundary } from './route-error-boundary';
import { setPreloadRoutes } from './route-preload';
import { AppLayout } from './shell/app-layout';

function SignedInLayout() {
  return (
    <RequireSession>
      <AppLayout />
    </RequireSession>
  );
}

/** Screens are lazy chunks, so the first load carries only the frame (ARCHITECTURE §6). */
export const routes: RouteObject[] = [
  {
    path: '/invite/:token',
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorBoundary,
    lazy: lazyScreen(async () => (await import('../features/auth/routes/invite-route')).InviteRoute, {
      standalone: true,
    }),
  },
  {
    path: '/reset/:token',
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorBoundary,
    lazy: lazyScreen(async () => (await import('../features/auth/routes/reset-route')).ResetRoute, {
      standalone: true,
    }),
  },
  {
    path: '/login',
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorBoundary,
    lazy: lazyScreen(async () => (await import('../features/auth/routes/login-route')).LoginRoute, {
      standalone: true,
    }),
  },
  {
    path: '/',
    Component: SignedInLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        index: true,
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/home/routes/home-route')).HomeRoute),
      },
      {
        path: 'account',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/account/routes/account-route')).AccountRoute),
      },
      {
        path: 'products',
        ErrorBoundary: RouteErrorBoundary,
        // The list's rows are asked for while its code loads (the screen's query joins this one).
        loader: firstPageLoader(productsFirstPage, productsDocument),
        lazy: lazyScreen(
          async () => (await import('../features/products/routes/products-route')).ProductsRoute,
        ),
      },
      {
        path: 'products/new',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/products/routes/product-new-route')).ProductNewRoute,
        ),
      },
      {
        path: 'products/bulk-edit',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/bulk-edit/routes/bulk-edit-route')).BulkEditRoute,
        ),
      },
      {
        path: 'products/:productId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/products/routes/product-route')).ProductRoute,
        ),
      },
      {
        path: 'products/:productId/variants/:variantId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/products/routes/variant-route')).VariantRoute,
        ),
      },
      {
        path: 'inventory',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/inventory/routes/inventory-route')).InventoryRoute,
        ),
      },
      {
        path: 'inventory/history',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () =>
            (await import('../features/inventory/routes/inventory-history-route')).InventoryHistoryRoute,
        ),
      },
      {
        path: 'settings/locations',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/locations/routes/locations-route')).LocationsRoute,
        ),
      },
      {
        path: 'settings/locations/:locationId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/locations/routes/location-route')).LocationRoute,
        ),
      },
      {
        path: 'categories',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/categories/routes/categories-route')).CategoriesRoute,
        ),
      },
      {
        path: 'categories/:categoryId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/categories/routes/category-route')).CategoryRoute,
        ),
      },
      {
        path: 'collections',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/collections/routes/collections-route')).CollectionsRoute,
        ),
      },
      {
        path: 'collections/new',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () =>
            (await import('../features/collections/routes/collection-new-route')).CollectionNewRoute,
        ),
      },
      {
        path: 'collections/:collectionId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/collections/routes/collection-route')).CollectionRoute,
        ),
      },
      {
        path: 'orders',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/orders/routes/orders-route')).OrdersRoute),
      },
      {
        path: 'pack',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/pack/routes/pack-route')).PackRoute),
      },
      {
        path: 'orders/:orderId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/orders/routes/order-route')).OrderRoute),
      },
      {
        path: 'orders/:orderId/fulfill',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/orders/routes/order-fulfill-route')).OrderFulfillRoute,
        ),
      },
      {
        path: 'orders/:orderId/refund',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/orders/routes/order-refund-route')).OrderRefundRoute,
        ),
      },
      {
        path: 'orders/:orderId/edit',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/orders/routes/order-edit-route')).OrderEditRoute,
        ),
      },
      {
        path: 'orders/:orderId/return',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/returns/routes/order-return-route')).OrderReturnRoute,
        ),
      },
      {
        path: 'returns',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/returns/routes/returns-route')).ReturnsRoute),
      },
      {
        path: 'returns/:returnId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/returns/routes/return-route')).ReturnRoute),
      },
      {
        path: 'drafts',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/drafts/routes/drafts-route')).DraftsRoute),
      },
      {
        path: 'drafts/:draftId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/drafts/routes/draft-route')).DraftRoute),
      },
      {
        path: 'discounts',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/discounts/routes/discounts-route')).DiscountsRoute,
        ),
      },
      {
        path: 'discounts/:discountId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/discounts/routes/discount-route')).DiscountRoute,
        ),
      },
      {
        path: 'customers',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/customers/routes/customers-route')).CustomersRoute,
        ),
      },
      {
        path: 'customers/new',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/customers/routes/customer-new-route')).CustomerNewRoute,
        ),
      },
      {
        path: 'customers/:customerId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/customers/routes/customer-route')).CustomerRoute,
        ),
      },
      {
        path: 'settings',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/settings/routes/settings-route')).SettingsRoute,
        ),
      },
      {
        path: 'settings/shipping',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/settings/routes/shipping-route')).ShippingRoute,
        ),
      },
      {
        path: 'settings/shipping/:zoneId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/settings/routes/shipping-zone-route')).ShippingZoneRoute,
        ),
      },
      {
        path: 'settings/staff',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/staff/routes/staff-route')).StaffRoute),
      },
      {
        path: 'settings/staff/:staffId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/staff/routes/staff-member-route')).StaffMemberRoute,
        ),
      },
      {
        path: 'settings/roles',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/staff/routes/roles-route')).RolesRoute),
      },
      {
        path: 'settings/api-tokens',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/api-tokens/routes/api-tokens-route')).ApiTokensRoute,
        ),
      },
      {
        path: 'settings/audit',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/audit/routes/audit-route')).AuditRoute),
      },
      {
        path: 'settings/jobs',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/jobs/routes/jobs-route')).JobsRoute),
      },
      {
        path: 'settings/jobs/:jobId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/jobs/routes/job-route')).JobRoute),
      },
      {
        path: 'settings/webhooks',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/webhooks/routes/webhooks-route')).WebhooksRoute,
        ),
      },
      {
        path: 'settings/webhooks/:subscriptionId',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/webhooks/routes/webhook-route')).WebhookRoute,
        ),
      },
      {
        path: 'settings/notifications',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () =>
            (await import('../features/notifications/routes/notifications-route')).NotificationsRoute,
        ),
      },
      {
        path: 'settings/notifications/outbox',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/notifications/routes/email-outbox-route')).EmailOutboxRoute,
        ),
      },
      {
        path: 'settings/notifications/:kind',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () =>
            (await import('../features/notifications/routes/notification-template-route'))
              .NotificationTemplateRoute,
        ),
      },
      {
        path: 'settings/documents',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/settings/routes/documents-route')).DocumentsRoute,
        ),
      },
      {
        path: 'settings/taxes',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(async () => (await import('../features/settings/routes/taxes-route')).TaxesRoute),
      },
      {
        path: '*',
        ErrorBoundary: RouteErrorBoundary,
        lazy: lazyScreen(
          async () => (await import('../features/not-found/routes/not-found-route')).NotFoundRoute,
        ),
      },
    ],
  },
];

export function createAppRouter() {
  setPreloadRoutes(routes);
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
