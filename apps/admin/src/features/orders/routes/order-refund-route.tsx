import { useParams } from 'react-router';
import { NothingLeftAlert, OrderSubpage } from '../../../components/order-subpage';
import { useOrderRefundPageQuery } from '../api/order-refund-page-query';
import { RefundForm } from '../components/refund-form';

/** `/orders/:orderId/refund`: choose what comes back, see the amount, and refund it. */
export function OrderRefundRoute() {
  const { orderId = '' } = useParams();
  const query = useOrderRefundPageQuery(orderId);
  return (
    <OrderSubpage
      orderId={orderId}
      query={query}
      heading={(name) => (name ? `Refund ${name}` : 'Refund order')}
      documentTitle={(name) => `Refund ${name ?? 'order'}`}
      permission="REFUNDS_WRITE"
      denied={{
        title: "You can't refund orders",
        text: 'Refunds need REFUNDS_WRITE. Ask a staff manager for it.',
      }}
    >
      {(order, data) =>
        // The server's rule (issue #26 §1.2): no money left to give back and no shipped units to restock.
        !order.availableActions.includes('REFUND') ? (
          <NothingLeftAlert
            order={order}
            title="Nothing is left to refund on this order"
            testId="nothing-to-refund"
          >
            Everything paid has been refunded (or nothing was paid), and no shipped items are left to take
            back into stock.
          </NothingLeftAlert>
        ) : (
          // Keyed by order: the choices start from the order the page opened with.
          <RefundForm key={order.id} order={order} locations={data.locations} />
        )
      }
    </OrderSubpage>
  );
}
