import { useParams } from 'react-router';
import { NothingLeftAlert, OrderSubpage } from '../../../components/order-subpage';
import { useReturnCreatePageQuery } from '../api/return-create-page-query';
import { ReturnCreateForm } from '../components/return-create-form';

/** `/orders/:orderId/return`: choose what comes back and why, see the credit, and take the return. */
export function OrderReturnRoute() {
  const { orderId = '' } = useParams();
  const query = useReturnCreatePageQuery(orderId);
  return (
    <OrderSubpage
      orderId={orderId}
      query={query}
      heading={(name) => (name ? `Return items of ${name}` : 'Return items')}
      documentTitle={(name) => `Return ${name ?? 'items'}`}
      permission="RETURNS_WRITE"
      denied={{
        title: "You can't take returns",
        text: 'Returns need RETURNS_WRITE. Ask a staff manager for it.',
      }}
    >
      {(order) =>
        !order.lines.some((l) => l.returnableQuantity > 0) ? (
          <NothingLeftAlert order={order} title="Nothing can come back" testId="nothing-to-return">
            Only shipped units can be returned, and every shipped unit is on a return already (or nothing has
            shipped).
          </NothingLeftAlert>
        ) : (
          <ReturnCreateForm key={order.id} order={order} />
        )
      }
    </OrderSubpage>
  );
}
