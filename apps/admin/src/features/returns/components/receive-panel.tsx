import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Input,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { RETURN_DISPOSITION_LABELS, RETURN_DISPOSITIONS, type ReturnDisposition } from '@stockroom/domain';
import { IconBarcode, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { ReturnFieldsFragment } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useReturnReceiveMutation } from '../api/return-mutations';
import {
  addPending,
  defaultLocation,
  matchScan,
  pendingUnits,
  receiveLinesInput,
  titleOf,
  type PendingReceipt,
} from './receive-plan';

type Locations = readonly { id: string; name: string }[];

const DISPOSITIONS = RETURN_DISPOSITIONS.map((d) => ({ value: d, label: RETURN_DISPOSITION_LABELS[d] }));

/**
 * What arrived, made for a phone with a barcode scanner: scan (or type) a SKU or barcode and press
 * Enter to pick the item, say how many and in what state, add it to the list, and receive the list
 * at once. A retry of the same list (a lost answer, a double tap) records it once.
 */
export function ReceivePanel({ ret, locations }: { ret: ReturnFieldsFragment; locations: Locations }) {
  const [receive] = useReturnReceiveMutation();
  const lines = ret.lines;
  const open = lines.filter((l) => l.expectedQuantity > 0);
  const [code, setCode] = useState('');
  const [scanMessage, setScanMessage] = useState<string | null>(null);
  const [lineId, setLineId] = useState<string>(open.length === 1 ? open[0]!.id : '');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [disposition, setDisposition] = useState<ReturnDisposition>('RESTOCK');
  const [locationId, setLocationId] = useState<string | null>(() =>
    open.length === 1 ? defaultLocation(open[0]!, locations) : null,
  );
  const [pending, setPending] = useState<PendingReceipt[]>([]);
  const [addError, setAddError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const key = useRef<{ request: string; key: string } | null>(null);
  const line = lines.find((l) => l.id === lineId) ?? null;
  const tracked = !line?.orderLine.variant || line.orderLine.variant.trackInventory;

  const pick = (id: string) => {
    setLineId(id);
    setAddError(null);
    const picked = lines.find((l) => l.id === id);
    if (picked) setLocationId(defaultLocation(picked, locations));
  };

  const onScan = () => {
    const found = matchScan(lines, code, pending);
    if (found.kind !== 'line') {
      setScanMessage(found.message);
      return;
    }
    setScanMessage(null);
    pick(found.line.id);
    setQuantity(1);
    setCode('');
    // The next Enter adds it: quantity is the one thing often changed.
    requestAnimationFrame(() => quantityRef.current?.select());
  };

  const add = () => {
    if (!line) {
      setAddError('Scan or choose an item first.');
      return;
    }
    const n = typeof quantity === 'number' ? quantity : Number(quantity);
    const result = addPending(
      pending,
      {
        returnLineId: line.id,
        quantity: n,
        disposition,
        locationId: tracked ? locationId : null,
      },
      line,
      newIdempotencyKey(),
    );
    if ('error' in result) {
      setAddError(result.error);
      return;
    }
    setPending(result.pending);
    setAddError(null);
    setRowErrors({});
    setFormError(null);
    setQuantity(1);
    // Each item starts as Restock again: a damaged unit is the exception, said each time.
    setDisposition('RESTOCK');
    scanRef.current?.focus();
  };

  const command = useCommand({
    mutate: async (input: ReturnType<typeof receiveLinesInput>) => {
      const request = JSON.stringify(input);
      if (key.current?.request !== request) key.current = { request, key: newIdempotencyKey() };
      const { data } = await receive({
        variables: { id: ret.id, lines: input, idempotencyKey: key.current.key },
      });
      return data?.returnReceive;
    },
    success: (_payload, input) => {
      const n = input.reduce((a, l) => a + l.quantity, 0);
      return { title: `${n} unit${n === 1 ? '' : 's'} received`, message: `${ret.name}: recorded.` };
    },
    onDone: () => {
      setPending([]);
      setLineId('');
      key.current = null;
      scanRef.current?.focus();
    },
  });

  const submit = async () => {
    const input = receiveLinesInput(pending);
    try {
      const userErrors = await command.submit(input);
      const byRow: Record<number, string> = {};
      const other: string[] = [];
      for (const e of userErrors) {
        const path = e.field ?? [];
        const at = path.indexOf('lines');
        const index = at >= 0 ? Number(path[at + 1]) : NaN;
        if (Number.isInteger(index) && index < pending.length) byRow[index] = e.message;
        else other.push(e.message);
      }
      setRowErrors(byRow);
      setFormError(other.length ? other.join(' ') : null);
    } catch (error) {
      setFormError(describeError(error).message);
    }
  };

  const total = pending.reduce((a, p) => a + p.quantity, 0);
  const locationName = (id: string | null) => locations.find((l) => l.id === id)?.name ?? null;
  const itemOptions = [
    { value: '', label: 'Choose an item…' },
    ...open.map((l) => ({
      value: l.id,
      label: `${titleOf(l)} (${l.expectedQuantity - pendingUnits(pending, l.id)} to come)`,
    })),
  ];

  return (
    <SectionCard
      title="Receive"
      description="Scan or type a SKU or barcode and press Enter, or choose the item."
      testId="receive-panel"
    >
      <Stack gap="sm" mt="sm">
        <TextInput
          ref={scanRef}
          label="SKU or barcode"
          placeholder="Scan or type, then Enter"
          leftSection={<IconBarcode size={18} aria-hidden />}
          size="md"
          // A scanner types into whatever has focus: the panel starts here.
          autoFocus
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setScanMessage(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onScan();
            }
          }}
          error={scanMessage}
          data-testid="receive-scan"
        />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
          noValidate
        >
          <Stack gap="sm">
            <NativeSelect
              label="Item"
              data={itemOptions}
              value={lineId}
              onChange={(e) => pick(e.currentTarget.value)}
              size="md"
            />
            <Group gap="sm" align="flex-end" wrap="wrap">
              <NumberInput
                ref={quantityRef}
                label="Units"
                value={quantity}
                onChange={setQuantity}
                min={1}
                max={line ? line.expectedQuantity : undefined}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                size="md"
                w={96}
                inputMode="numeric"
              />
              <Input.Wrapper label="State" size="md" style={{ flex: 1, minWidth: 220 }}>
                <SegmentedControl
                  aria-label="State"
                  data={DISPOSITIONS}
                  value={disposition}
                  onChange={(v) => setDisposition(v)}
                  size="md"
                  fullWidth
                  // Three words side by side on a 320-wide phone: less padding, never cut.
                  styles={{ label: { paddingInline: 'var(--mantine-spacing-xs)' } }}
                />
              </Input.Wrapper>
            </Group>
            {disposition !== 'MISSING' && tracked && locations.length > 0 && (
              <NativeSelect
                label={disposition === 'DAMAGED' ? 'Keep aside at' : 'Restock at'}
                data={locations.map((l) => ({ value: l.id, label: l.name }))}
                value={locationId ?? ''}
                onChange={(e) => setLocationId(e.currentTarget.value)}
                size="md"
              />
            )}
            {line && !tracked && disposition !== 'MISSING' && (
              <Text size="sm" c="dimmed">
                This item's stock is not tracked: nothing goes on a shelf.
              </Text>
            )}
            {addError && (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {addError}
              </Text>
            )}
            <Button type="submit" variant="default" size="md" disabled={!line}>
              Add to list
            </Button>
          </Stack>
        </form>
        {pending.length > 0 && (
          <Paper withBorder radius="md" p="sm" data-testid="receive-pending">
            <Stack gap="xs">
              {pending.map((p, index) => {
                const l = lines.find((x) => x.id === p.returnLineId);
                const where = p.disposition === 'MISSING' ? null : locationName(p.locationId);
                return (
                  <div key={p.key}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {p.quantity} × {l ? titleOf(l) : 'Item'}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {RETURN_DISPOSITION_LABELS[p.disposition]}
                          {where ? ` · ${where}` : ''}
                        </Text>
                      </Stack>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size={40}
                        aria-label={`Remove ${p.quantity} × ${l ? titleOf(l) : 'item'} from the list`}
                        onClick={() => {
                          setPending((rows) => rows.filter((r) => r.key !== p.key));
                          setRowErrors({});
                        }}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                    {rowErrors[index] && (
                      <Text size="sm" c="var(--mantine-color-error)" role="alert">
                        {rowErrors[index]}
                      </Text>
                    )}
                  </div>
                );
              })}
            </Stack>
          </Paper>
        )}
        {formError && (
          <Alert color="red" variant="light" title="Nothing was received" role="alert">
            {formError}
          </Alert>
        )}
        <Button
          size="md"
          disabled={pending.length === 0}
          loading={command.running}
          onClick={() => void submit()}
          data-testid="receive-submit"
        >
          {total > 0 ? `Receive ${total} unit${total === 1 ? '' : 's'}` : 'Receive'}
        </Button>
      </Stack>
    </SectionCard>
  );
}
