import { Alert, Divider, Stack } from '@mantine/core';
import { Fragment, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { ReturnCreatePageQuery } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useExchangeTaxRateQuery } from '../api/return-create-page-query';
import { useReturnCreateMutation } from '../api/return-mutations';
import {
  exchangeErrorAt,
  exchangeItemsOf,
  exchangeLinesInput,
  type ExchangeChoice,
  type ExchangeChoiceErrors,
  type ExchangeLineInputShape,
} from './exchange-plan';
import { ExchangeSection } from './exchange-section';
import { ReturnCreateSummary } from './return-create-summary';
import { ReturnFeesCard, type ReturnFeesValues } from './return-fees-card';
import classes from './return-layout.module.css';
import { ReturnLineRow } from './return-line-row';
import {
  initialReturnChoices,
  lineOfErrorPath,
  previewSettlement,
  readFees,
  returnLinesInput,
  type ReturnChoices,
  type ReturnLineChoice,
  type ReturnLineInputShape,
} from './return-plan';

type Order = NonNullable<ReturnCreatePageQuery['order']>;
type LineErrors = Record<string, { reason?: string; quantity?: string; note?: string }>;

interface Placed {
  lines: LineErrors;
  returnShippingFee?: string;
  restockingFeePercent?: string;
  note?: string;
  exchange: Record<number, ExchangeChoiceErrors>;
  other: string[];
}

const NONE: Placed = { lines: {}, exchange: {}, other: [] };

function placeErrors(
  errors: readonly { field?: readonly string[] | null; message: string }[],
  sent: readonly ReturnLineInputShape[],
): Placed {
  const placed: Placed = { lines: {}, exchange: {}, other: [] };
  for (const e of errors) {
    const path = e.field ?? [];
    const exchangeAt = exchangeErrorAt(path);
    if (exchangeAt) {
      placed.exchange[exchangeAt.index] = {
        ...placed.exchange[exchangeAt.index],
        [exchangeAt.field]: e.message,
      };
      continue;
    }
    const lineId = lineOfErrorPath(path, sent);
    const leaf = path[path.length - 1];
    if (lineId) {
      const key = leaf === 'reason' || leaf === 'note' ? leaf : 'quantity';
      placed.lines[lineId] = { ...placed.lines[lineId], [key]: e.message };
    } else if (leaf === 'returnShippingFee' || leaf === 'restockingFeePercent' || leaf === 'note') {
      placed[leaf] = e.message;
    } else placed.other.push(e.message);
  }
  return placed;
}

/**
 * Lines and units to take back with a reason each, fees, and the settlement as it would be if every
 * unit came back (worked out here, with the server's arithmetic). One key per page visit: a double
 * click or a retry after a lost answer makes one return.
 */
export function ReturnCreateForm({ order }: { order: Order }) {
  const navigate = useNavigate();
  const [create] = useReturnCreateMutation();
  const currency = order.currencyCode;
  const [choices, setChoices] = useState<ReturnChoices>(() => initialReturnChoices(order.lines));
  const [values, setValues] = useState<ReturnFeesValues>({
    returnShippingFee: '',
    restockingFeePercent: '',
    note: '',
  });
  const { returnShippingFee: shippingFee, restockingFeePercent: percent, note } = values;
  const [exchange, setExchange] = useState<ExchangeChoice[]>([]);
  const [placed, setPlaced] = useState<Placed>(NONE);
  const key = useRef<string>(newIdempotencyKey());
  const fees = { returnShippingFee: shippingFee, restockingFeePercent: percent };
  const feeCheck = readFees(fees, currency);
  const address = order.shippingAddress?.countryCode
    ? { countryCode: order.shippingAddress.countryCode, region: order.shippingAddress.region }
    : null;
  const taxQuery = useExchangeTaxRateQuery(exchange.length > 0 ? address : null);
  const taxPreview = (taxQuery.data ?? taxQuery.previousData)?.taxPreview ?? null;
  // Known: the address's rate (or none applies); unknown: no address, or not loaded (yet).
  const taxKnown = address !== null && taxPreview !== null;
  const taxRate = taxPreview?.rate?.rate ?? null;
  const figures = useMemo(
    () =>
      previewSettlement(
        order,
        order.lines,
        choices,
        { returnShippingFee: shippingFee, restockingFeePercent: percent },
        exchangeItemsOf(exchange, taxRate),
      ),
    [order, choices, shippingFee, percent, exchange, taxRate],
  );
  const units = Object.values(choices).reduce((a, c) => a + c.quantity, 0);
  const [notify, setNotify] = useState(true);

  const command = useCommand({
    mutate: async (input: { lines: ReturnLineInputShape[]; exchangeLines: ExchangeLineInputShape[] }) => {
      const { data } = await create({
        variables: {
          input: {
            orderId: order.id,
            lines: input.lines,
            exchangeLines: input.exchangeLines.length ? input.exchangeLines : null,
            returnShippingFee: shippingFee.trim() || null,
            restockingFeePercent: percent.trim() ? Number(percent) : null,
            note: note.trim() || null,
            idempotencyKey: key.current,
            notifyCustomer: notify && Boolean(order.email),
          },
        },
      });
      return data?.returnCreate;
    },
    success: (payload) => ({
      title: `Return ${payload.return?.name ?? ''} created`.replace('  ', ' '),
      message: `${units} unit${units === 1 ? '' : 's'} expected back on ${order.name}.`,
    }),
    onDone: (payload) =>
      void navigate(payload.return ? `/returns/${payload.return.id}` : `/orders/${order.id}`),
  });

  const setChoice = (lineId: string, choice: ReturnLineChoice) => {
    setPlaced(NONE);
    setChoices((prev) => ({ ...prev, [lineId]: choice }));
  };

  const submit = async () => {
    const { lines, missingReason } = returnLinesInput(order.lines, choices);
    if (missingReason.length) {
      setPlaced({
        lines: Object.fromEntries(missingReason.map((id) => [id, { reason: 'Choose why it comes back.' }])),
        exchange: {},
        other: [],
      });
      return;
    }
    if (lines.length === 0) {
      setPlaced({ ...NONE, other: ['Choose at least one unit to take back.'] });
      return;
    }
    const exchangeInput = exchangeLinesInput(exchange);
    if (Object.keys(exchangeInput.errors).length) {
      setPlaced({ ...NONE, exchange: exchangeInput.errors });
      return;
    }
    if (feeCheck.shippingFeeError || feeCheck.percentError) return;
    try {
      const userErrors = await command.submit({ lines, exchangeLines: exchangeInput.lines });
      if (userErrors.length) setPlaced(placeErrors(userErrors, lines));
    } catch (error) {
      setPlaced({ ...NONE, other: [describeError(error).message] });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      aria-label={`Return items of ${order.name}`}
    >
      <Stack gap="lg">
        {placed.other.length > 0 && (
          <Alert color="red" variant="light" title="No return was created" role="alert">
            {placed.other.join(' ')}
          </Alert>
        )}
        <div className={classes.grid}>
          <Stack gap="lg">
            <SectionCard title="Items" description="Choose what comes back and why. Only shipped units can.">
              <Stack gap="md">
                {order.lines.map((line, i) => (
                  <Fragment key={line.id}>
                    {i > 0 && <Divider />}
                    <ReturnLineRow
                      line={line}
                      choice={choices[line.id]!}
                      error={placed.lines[line.id] ?? null}
                      onChange={(choice) => setChoice(line.id, choice)}
                    />
                  </Fragment>
                ))}
              </Stack>
            </SectionCard>
            <ExchangeSection
              currencyCode={currency}
              choices={exchange}
              errors={placed.exchange}
              onChange={(next) => {
                setPlaced(NONE);
                setExchange(next);
              }}
            />
            <ReturnFeesCard
              currency={currency}
              values={values}
              errors={{
                returnShippingFee: feeCheck.shippingFeeError ?? placed.returnShippingFee,
                restockingFeePercent: feeCheck.percentError ?? placed.restockingFeePercent,
                note: placed.note,
              }}
              onChange={(change) => {
                // A new fee clears the server's complaints, as a new choice of lines does; the note not.
                if (change.returnShippingFee !== undefined || change.restockingFeePercent !== undefined) {
                  setPlaced(NONE);
                }
                setValues((prev) => ({ ...prev, ...change }));
              }}
            />
          </Stack>
          <ReturnCreateSummary
            order={order}
            figures={figures}
            units={units}
            exchange={exchange}
            taxKnown={taxKnown}
            taxRate={taxRate}
            notify={notify}
            onNotify={setNotify}
            running={command.running}
          />
        </div>
      </Stack>
    </form>
  );
}
