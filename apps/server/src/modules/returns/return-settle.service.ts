import { decodeIdOf, DomainError, formatMinor, parseMoney } from '@stockroom/domain';
import type { Tx } from '../../db/database.js';
import type { Actor } from '../../actor.js';
import { idempotent } from '../../lib/idempotency.js';
import { loadOrderForAction } from '../orders/order-lock.service.js';
import { orderName } from '../orders/order-fulfillment.service.js';
import { refundLocked } from '../orders/order-refund.service.js';
import { orderExchangeCredit } from '../orders/order-exchange.service.js';
import { addReturnCredited } from '../orders/order-reads.service.js';
import type { Return } from './return.model.js';
import { creditLines, findReturns, updateReturn } from './return.repository.js';
import { planSettlement } from './return-plan.service.js';
import { auditReturn, loadReturnForAction, returnName } from './return.service.js';

export interface ReturnSettleRaw {
  id: string;
  refund?: { amount?: string | null; refundShipping?: boolean | null; reason?: string | null } | null;
  idempotencyKey?: string | null;
}

const at = (...path: string[]) => ['refund', ...path];

/**
 * Settles the money of a return (issue #31): the credit less fees goes back through the order's
 * refund (one rule for REFUND_EXCEEDS_CAPTURED), and the units credited are counted on the order
 * lines, so no refund pays for them again. The order is locked before the return, as a refund
 * locks it, so a settlement and a refund of the same money never give back more than captured.
 * A return whose units were all refunded before settles with no money and no refund record.
 */
export async function returnSettle(trx: Tx, actor: Actor, raw: ReturnSettleRaw): Promise<Return> {
  const id = decodeIdOf('Return', String(raw.id));
  const found = id ? (await findReturns(trx, [id]))[0] : undefined;
  if (!found) throw DomainError.one('INVALID', 'This return does not exist.', ['id']);
  const { idempotencyKey, ...request } = raw;
  const { returnId } = await idempotent(
    trx,
    'returnSettle',
    idempotencyKey,
    request,
    async () => {
      const order = await loadOrderForAction(trx, found.orderId, null, { id: ['id'] });
      const ret = await loadReturnForAction(trx, String(raw.id), 'settle');
      const wantsShipping = Boolean(raw.refund?.refundShipping);
      const plan = await planSettlement(trx, order, order.lines, ret, wantsShipping);
      const { figures } = plan;
      const currency = order.currencyCode.trim();
      if (wantsShipping && !plan.everyUnitBack) {
        throw DomainError.one(
          'INVALID',
          'Original shipping goes back only when every unit of the order comes back.',
          at('refundShipping'),
        );
      }
      const owed = Math.max(0, -figures.difference);
      let amount = figures.refund;
      const asked = raw.refund?.amount?.trim();
      if (asked) {
        const parsed = parseMoney(asked, currency);
        if (parsed === null)
          throw DomainError.one('INVALID', `Enter an amount like 12.50 in ${currency}.`, at('amount'));
        if (parsed > owed)
          throw DomainError.one(
            'OUT_OF_RANGE',
            `At most ${formatMinor(owed, currency)} ${currency} is owed to the customer for this return.`,
            at('amount'),
          );
        amount = parsed;
      }
      const name = returnName(await orderName(trx, order), ret);
      // The credit applied to the exchange's new items, as really received: the order's payable
      // total follows (a customer who owes the difference sees it outstanding).
      const creditDelta = figures.exchangeCredit - Number(ret.exchangeCredit);
      await orderExchangeCredit(trx, order, creditDelta);
      const reason = raw.refund?.reason?.trim() || `Return ${name}`;
      const refund =
        amount > 0
          ? await refundLocked(trx, actor, order, order.lines, {
              lines: [],
              shipping:
                figures.shipping > 0 ? formatMinor(Math.min(figures.shipping, amount), currency) : null,
              amountMinor: amount,
              reason,
            })
          : null;
      await creditLines(
        trx,
        plan.lines.map((l, i) => ({
          id: l.id,
          creditedQuantity: figures.lines[i]!.creditedUnits,
          credit: figures.lines[i]!.amount,
        })),
      );
      await addReturnCredited(
        trx,
        plan.lines.map((l, i) => ({ orderLineId: l.orderLineId, quantity: figures.lines[i]!.creditedUnits })),
      );
      const after = await updateReturn(trx, ret.id, {
        settledAt: new Date(),
        credit: figures.credit,
        fees: figures.fees,
        shippingRefunded: refund ? Math.min(figures.shipping, amount) : 0,
        refundId: refund?.id ?? null,
        exchangeCredit: figures.exchangeCredit,
      });
      await auditReturn(
        trx,
        actor,
        order,
        after,
        'settle',
        {
          credit: { before: null, after: figures.credit },
          ...(figures.fees ? { fees: { before: null, after: figures.fees } } : {}),
          refunded: { before: null, after: amount },
          ...(figures.newItemsTotal
            ? {
                exchange_total: { before: null, after: figures.newItemsTotal },
                exchange_credit: { before: Number(ret.exchangeCredit), after: figures.exchangeCredit },
                owed: { before: null, after: figures.owed },
              }
            : {}),
        },
        name,
      );
      return { returnId: ret.id };
    },
    ['idempotencyKey'],
  );
  return (await findReturns(trx, [returnId]))[0]!;
}
