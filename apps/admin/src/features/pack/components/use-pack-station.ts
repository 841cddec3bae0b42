import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { describeError } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { packFulfillDocument, packOrderDocument, packOrdersDocument } from '../api/pack-station-queries';
import { initialPackState, packReducer } from './pack-machine';
import { playTone, printPdf, readSetting, writeSetting } from './pack-device';
import {
  nextOrderSearch,
  notPackable,
  orderNumberOf,
  packLinesOf,
  slipUrl,
  type PackOrder,
} from './pack-plan';

interface Location {
  id: string;
  name: string;
}

/** Pages of orders the station reads looking for the next one with something to ship here. */
const NEXT_PAGES = 5;
const NEXT_PAGE_SIZE = 10;

export const GONE_MESSAGE = 'Already shipped by someone else — press Enter for the next order.';

/**
 * The pack station: the state machine (idle → packing → scanned → shipping → shipped) and every call
 * it makes, each an ordinary API request: orders by number or the next oldest, orderFulfill with
 * the key made when the order was loaded, and the packing slip.
 */
export function usePackStation(locations: readonly Location[], prefix: string) {
  const client = useApolloClient();
  const [state, dispatch] = useReducer(packReducer, initialPackState);
  const [busy, setBusy] = useState(false);
  const [savedLocation, setSavedLocation] = useState(() => readSetting('location') ?? '');
  const location = locations.find((l) => l.id === savedLocation) ?? locations[0] ?? null;
  const [muted, setMuted] = useState(() => readSetting('muted') === '1');
  const [autoPrint, setAutoPrint] = useState(() => readSetting('autoPrint') === '1');
  const [withLabel, setWithLabel] = useState(() => readSetting('withLabel') === '1');
  const [carrier, setCarrier] = useState(() => readSetting('carrier') ?? '');
  const [tracking, setTracking] = useState('');
  const [printError, setPrintError] = useState<string | null>(null);
  /** Orders put aside with Escape: "next order" passes them by until the page is reloaded. */
  const asideRef = useRef(new Set<string>());

  // Every notice is heard as well as read: a scanner's user looks at the parcel, not the screen.
  const lastSeq = useRef(0);
  useEffect(() => {
    const n = state.notice;
    if (!n || n.seq === lastSeq.current) return;
    lastSeq.current = n.seq;
    if (!muted && n.tone !== 'info') playTone(n.tone);
  }, [state.notice, muted]);

  const chooseLocation = (id: string) => {
    setSavedLocation(id);
    writeSetting('location', id);
  };
  const toggle = (name: string, set: (v: boolean) => void) => (value: boolean) => {
    set(value);
    writeSetting(name, value ? '1' : '0');
  };

  const load = useCallback(
    (order: PackOrder, here: Location) => {
      const refused = notPackable(order, here);
      if (refused) {
        dispatch({ type: 'refuse', text: refused });
        return;
      }
      setTracking('');
      setPrintError(null);
      dispatch({
        type: 'load',
        order,
        lines: packLinesOf(order, here.id),
        idempotencyKey: newIdempotencyKey(),
      });
    },
    [dispatch],
  );

  const readOrders = useCallback(
    async (query: string, first: number, after: string | null) => {
      const { data } = await client.query({
        query: packOrdersDocument,
        variables: { query, first, after },
        fetchPolicy: 'network-only',
      });
      return data?.orders ?? null;
    },
    [client],
  );

  /** Opens the order typed or scanned: "1042", "#1042" or with the store's prefix. */
  const openOrder = async (text: string) => {
    if (!location) return;
    const number = orderNumberOf(text, prefix);
    if (number === null) {
      dispatch({
        type: 'refuse',
        text: `"${text.trim()}" is not an order number. Scan or type one like ${prefix || '#'}1042, or press Enter on an empty field for the next order.`,
      });
      return;
    }
    setBusy(true);
    try {
      const orders = await readOrders(`number:${number}`, 1, null);
      const order = orders?.nodes[0];
      if (!order) dispatch({ type: 'refuse', text: `There is no order ${prefix}${number}.` });
      else load(order, location);
    } catch (error) {
      dispatch({ type: 'refuse', text: describeError(error).message });
    } finally {
      setBusy(false);
    }
  };

  /** The oldest open order with something left to ship from this location. */
  const nextOrder = async () => {
    if (!location) return;
    setBusy(true);
    try {
      let after: string | null = null;
      for (let page = 0; page < NEXT_PAGES; page++) {
        const orders = await readOrders(nextOrderSearch(location.id), NEXT_PAGE_SIZE, after);
        if (!orders) break;
        const found = orders.nodes.find(
          (o) => !asideRef.current.has(o.id) && notPackable(o, location) === null,
        );
        if (found) {
          load(found, location);
          return;
        }
        if (!orders.pageInfo.hasNextPage) break;
        after = orders.pageInfo.endCursor ?? null;
      }
      const aside = asideRef.current.size;
      dispatch({
        type: 'info',
        text: `No orders left to pack at ${location.name}${aside ? ` (besides ${aside} put aside; type a number to open one)` : ''}.`,
      });
    } catch (error) {
      dispatch({ type: 'refuse', text: describeError(error).message });
    } finally {
      setBusy(false);
    }
  };

  const scan = (code: string) => dispatch({ type: 'scan', code });

  const back = () => {
    const now = state;
    if (now.step === 'packing') asideRef.current.add(now.order.id);
    dispatch({ type: 'back' });
  };

  const print = async (layout: 'SLIP' | 'LABEL_4X6', after?: () => void) => {
    const now = state;
    const of =
      now.step === 'shipped'
        ? { fulfillmentId: now.shipped.fulfillmentId }
        : now.step !== 'idle' && location
          ? { orderId: now.order.id, locationId: location.id }
          : null;
    if (!of) return;
    const title = layout === 'SLIP' ? 'packing slip' : 'shipping label';
    const failed = await printPdf(slipUrl(of, layout), title, after);
    setPrintError(failed);
    if (failed) {
      if (!muted) playTone('error');
      after?.();
    }
  };

  const ship = async (after?: () => void) => {
    const now = state;
    if (now.step !== 'scanned' || !location) return;
    dispatch({ type: 'submit' });
    const input = {
      orderId: now.order.id,
      locationId: location.id,
      lines: now.lines.map((l) => ({ lineId: l.line.id, quantity: l.needed })),
      carrier: carrier.trim() || null,
      trackingNumber: tracking.trim() || null,
      idempotencyKey: now.idempotencyKey,
    };
    if (carrier.trim()) writeSetting('carrier', carrier.trim());
    try {
      const { data } = await client.mutate({ mutation: packFulfillDocument, variables: { input } });
      const result = data?.orderFulfill;
      if (result?.fulfillment && result.userErrors.length === 0) {
        const sent = [input.carrier, input.trackingNumber].filter(Boolean).join(' ');
        dispatch({ type: 'shipped', fulfillment: result.fulfillment, tracking: sent || null });
        if (autoPrint) {
          const fulfillmentId = result.fulfillment.id;
          const url = (layout: 'SLIP' | 'LABEL_4X6') => slipUrl({ fulfillmentId }, layout);
          const failed =
            (await printPdf(url('SLIP'), 'packing slip', after)) ??
            (withLabel ? await printPdf(url('LABEL_4X6'), 'shipping label', after) : null);
          setPrintError(failed);
        }
        return;
      }
      // Refused: read the order again. Nothing left here means another station shipped it.
      const fresh = await client.query({
        query: packOrderDocument,
        variables: { id: now.order.id },
        fetchPolicy: 'network-only',
      });
      const order = fresh.data?.order;
      const left = order ? packLinesOf(order, location.id) : [];
      const same =
        left.length === now.lines.length &&
        left.every((l, i) => l.needed === now.lines[i]!.needed && l.line.id === now.lines[i]!.line.id);
      if (!order || left.length === 0 || !same) {
        dispatch({
          type: 'shipFailed',
          gone: true,
          text:
            left.length === 0
              ? GONE_MESSAGE
              : `${now.order.name} changed while you packed (someone shipped part of it). Open it again to pack what is left.`,
        });
        return;
      }
      const words = (result?.userErrors ?? []).map((e) => e.message).join(' ');
      dispatch({ type: 'shipFailed', gone: false, text: words || 'The order could not be shipped.' });
    } catch (error) {
      // The answer was lost: Enter again repeats the same key, so nothing ships twice.
      dispatch({
        type: 'shipFailed',
        gone: false,
        text: `${describeError(error).message} Press Enter to try again: it won't ship twice.`,
      });
    }
  };

  return {
    state,
    busy,
    location,
    chooseLocation,
    muted,
    setMuted: toggle('muted', setMuted),
    autoPrint,
    setAutoPrint: toggle('autoPrint', setAutoPrint),
    withLabel,
    setWithLabel: toggle('withLabel', setWithLabel),
    carrier,
    setCarrier,
    tracking,
    setTracking,
    printError,
    openOrder,
    nextOrder,
    scan,
    back,
    ship,
    print,
  };
}
