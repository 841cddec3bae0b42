import { allScanned, applyScan, itemName, unitCounts, type PackLine, type PackOrder } from './pack-plan';

export type Tone = 'ok' | 'error' | 'info';

/** What the station says after each step, read out by the aria-live region. */
export interface Notice {
  tone: Tone;
  text: string;
  /** Changes on every notice, so the same words twice still flash and sound. */
  seq: number;
}

export interface Shipped {
  orderId: string;
  orderName: string;
  fulfillmentId: string;
  fulfillmentName: string;
  /** Carrier and tracking number as shipped, in words ("UPS 1Z999"), or null. */
  tracking: string | null;
}

interface Packing {
  order: PackOrder;
  lines: PackLine[];
  /** Line indexes in the order they were scanned, so Escape can take the last one back. */
  history: number[];
  /** Made once per packed order: a double Enter or a retry ships nothing twice. */
  idempotencyKey: string;
  /** The line the last scan touched (highlighted), or null. */
  lastIndex: number | null;
}

/**
 * The station's steps: idle → packing (order loaded) → scanned (every unit) → shipping (the call
 * is out) → shipped; from shipped (and idle) the next order starts it again.
 */
export type PackState =
  | { step: 'idle'; notice: Notice | null; shipped: null }
  | { step: 'shipped'; notice: Notice | null; shipped: Shipped }
  | ({ step: 'packing' | 'scanned' | 'shipping'; notice: Notice | null } & Packing);

export type PackAction =
  | { type: 'load'; order: PackOrder; lines: PackLine[]; idempotencyKey: string }
  | { type: 'refuse'; text: string }
  | { type: 'info'; text: string }
  | { type: 'scan'; code: string }
  | { type: 'back' }
  | { type: 'submit' }
  | { type: 'shipped'; fulfillment: { id: string; name: string }; tracking?: string | null }
  | { type: 'shipFailed'; text: string; gone: boolean };

export const initialPackState: PackState = { step: 'idle', notice: null, shipped: null };

let seq = 0;
const notice = (tone: Tone, text: string): Notice => ({ tone, text, seq: ++seq });

function countWords(lines: readonly PackLine[]): string {
  const { scanned, needed } = unitCounts(lines);
  return `${scanned} / ${needed} units`;
}

export function packReducer(state: PackState, action: PackAction): PackState {
  switch (action.type) {
    case 'load':
      return {
        step: 'packing',
        order: action.order,
        lines: action.lines,
        history: [],
        idempotencyKey: action.idempotencyKey,
        lastIndex: null,
        notice: notice(
          'info',
          `${action.order.name}: scan each item (${countWords(action.lines)}). Escape puts the order aside.`,
        ),
      };
    case 'refuse':
      return { ...state, notice: notice('error', action.text) };
    case 'info':
      return { ...state, notice: notice('info', action.text) };
    case 'scan': {
      if (state.step !== 'packing') return state;
      const result = applyScan(state.lines, action.code);
      if (result.kind !== 'ok') {
        return {
          ...state,
          lastIndex: result.kind === 'extra' ? result.index : null,
          notice: notice('error', result.message),
        };
      }
      const line = result.lines[result.index]!;
      const base = {
        ...state,
        lines: result.lines,
        history: [...state.history, result.index],
        lastIndex: result.index,
      };
      if (result.done) {
        return {
          ...base,
          step: 'scanned',
          notice: notice(
            'ok',
            `All ${unitCounts(result.lines).needed} units scanned. Type or scan the tracking number, then Enter to ship.`,
          ),
        };
      }
      return {
        ...base,
        notice: notice(
          'ok',
          `${itemName(line.line)}: ${line.scanned} / ${line.needed}. ${countWords(result.lines)} scanned.`,
        ),
      };
    }
    case 'back': {
      if (state.step === 'scanned') {
        // One step back: the last unit scanned is taken back, and scanning goes on.
        const last = state.history.at(-1);
        const lines =
          last === undefined
            ? state.lines
            : state.lines.map((l, i) => (i === last ? { ...l, scanned: Math.max(0, l.scanned - 1) } : l));
        return {
          ...state,
          step: allScanned(lines) ? 'scanned' : 'packing',
          lines,
          history: state.history.slice(0, -1),
          lastIndex: last ?? null,
          notice: notice('info', `Back to scanning: the last unit was taken back (${countWords(lines)}).`),
        };
      }
      if (state.step === 'packing') {
        return {
          step: 'idle',
          shipped: null,
          notice: notice('info', `${state.order.name} put aside: nothing was shipped.`),
        };
      }
      if (state.step === 'shipping') return state;
      return { ...state, notice: null };
    }
    case 'submit':
      return state.step === 'scanned' ? { ...state, step: 'shipping' } : state;
    case 'shipped':
      if (state.step !== 'shipping') return state;
      return {
        step: 'shipped',
        shipped: {
          orderId: state.order.id,
          orderName: state.order.name,
          fulfillmentId: action.fulfillment.id,
          fulfillmentName: action.fulfillment.name,
          tracking: action.tracking ?? null,
        },
        notice: notice('ok', `Shipped ${state.order.name}. Press Enter for the next order.`),
      };
    case 'shipFailed':
      if (state.step !== 'shipping') return state;
      if (action.gone) return { step: 'idle', shipped: null, notice: notice('error', action.text) };
      return { ...state, step: 'scanned', notice: notice('error', action.text) };
  }
}
