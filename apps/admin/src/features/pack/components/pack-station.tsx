import {
  Alert,
  Button,
  Checkbox,
  Group,
  Kbd,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CARRIERS } from '../../../lib/ship-plan';
import { PackLines } from './pack-lines';
import { usePackStation } from './use-pack-station';

const TONE_COLOR = { ok: 'teal', error: 'red', info: 'blue' } as const;

/** `/pack`: scan an order, scan its items, ship with tracking, print; the keyboard does it all. */
export function PackStation({
  locations,
  prefix,
}: {
  locations: readonly { id: string; name: string }[];
  prefix: string;
}) {
  const station = usePackStation(locations, prefix);
  const { state, busy, location } = station;
  const [code, setCode] = useState('');
  const mainRef = useRef<HTMLInputElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);
  const carrierRef = useRef<HTMLInputElement>(null);
  const shipping = state.step === 'scanned' || state.step === 'shipping';
  const packing = state.step === 'packing' || shipping;
  const error = state.notice?.tone === 'error';

  // The field that takes the next scan has the focus after every step.
  const focusNext = () => (shipping ? trackingRef : mainRef).current?.focus();
  useEffect(() => {
    if (busy) return;
    if (state.step === 'scanned') trackingRef.current?.focus();
    else if (state.step !== 'shipping') mainRef.current?.focus();
  }, [state.step, state.notice, busy]);

  const onMainKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setCode('');
      station.back();
      return;
    }
    const idle = state.step === 'idle' || state.step === 'shipped';
    const key = event.key.toLowerCase();
    if (idle && code === '' && (key === 'p' || key === 'l') && !prefix.toLowerCase().startsWith(key)) {
      event.preventDefault();
      void station.print(key === 'p' ? 'SLIP' : 'LABEL_4X6', focusNext);
      return;
    }
    if (event.key !== 'Enter' || busy) return;
    event.preventDefault();
    const typed = code;
    setCode('');
    if (idle) void (typed.trim() === '' ? station.nextOrder() : station.openOrder(typed));
    else if (typed.trim() !== '') station.scan(typed);
  };

  const inFlight = useRef(false);
  const onShipKey = (event: KeyboardEvent<HTMLInputElement>, from: 'carrier' | 'tracking') => {
    if (event.key === 'Escape') {
      event.preventDefault();
      station.back();
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (from === 'carrier') {
      trackingRef.current?.focus();
      return;
    }
    if (inFlight.current || state.step !== 'scanned') return;
    inFlight.current = true;
    void station.ship(focusNext).finally(() => {
      inFlight.current = false;
    });
  };

  const label =
    state.step === 'idle' || state.step === 'shipped'
      ? 'Order number'
      : `Scan an item of ${state.order.name}`;

  return (
    <Stack gap="md" maw={900}>
      <Paper withBorder radius="md" p="sm">
        <Group gap="md" wrap="wrap" align="flex-end">
          <NativeSelect
            label="Ships from"
            data={locations.map((l) => ({ value: l.id, label: l.name }))}
            value={location?.id ?? ''}
            disabled={packing}
            onChange={(e) => {
              station.chooseLocation(e.currentTarget.value);
              mainRef.current?.focus();
            }}
            style={{ minWidth: 160 }}
            data-testid="pack-location"
          />
          <Switch
            label="Sound"
            checked={!station.muted}
            onChange={(e) => station.setMuted(!e.currentTarget.checked)}
          />
          <Checkbox
            label="Print slip when shipped"
            checked={station.autoPrint}
            onChange={(e) => station.setAutoPrint(e.currentTarget.checked)}
          />
          <Checkbox
            label="and the 4×6 label"
            checked={station.withLabel}
            disabled={!station.autoPrint}
            onChange={(e) => station.setWithLabel(e.currentTarget.checked)}
          />
        </Group>
      </Paper>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        style={error ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 } : undefined}
      >
        <Stack gap="sm">
          <TextInput
            ref={mainRef}
            size="lg"
            label={label}
            placeholder={packing ? 'SKU or barcode, then Enter' : 'Scan or type, then Enter'}
            description={
              packing
                ? 'Escape puts the order aside.'
                : 'Enter on an empty field opens the oldest order still to pack here.'
            }
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            onKeyDown={onMainKey}
            disabled={shipping}
            error={error && !shipping}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="pack-input"
            // A scanner types into whatever has the focus: the page starts here.
            data-autofocus
            autoFocus
          />
          <div role="status" aria-live="assertive" aria-atomic="true" data-testid="pack-notice">
            {busy && <Text size="sm">Looking for the order…</Text>}
            {!busy && state.notice && (
              <Alert
                color={TONE_COLOR[state.notice.tone]}
                variant={state.notice.tone === 'error' ? 'filled' : 'light'}
                data-tone={state.notice.tone}
                p="sm"
              >
                {state.notice.text}
              </Alert>
            )}
          </div>
        </Stack>
      </Paper>

      {packing && location && (
        <PackLines
          order={state.order}
          lines={state.lines}
          lastIndex={state.lastIndex}
          error={error}
          locationName={location.name}
        />
      )}

      {shipping && (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label="Ship">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                ref={carrierRef}
                label="Carrier"
                description="UPS, USPS, FedEx, DHL, Royal Mail get a tracking link."
                list="pack-carriers"
                value={station.carrier}
                onChange={(e) => station.setCarrier(e.currentTarget.value)}
                onKeyDown={(e) => onShipKey(e, 'carrier')}
                autoComplete="off"
                data-testid="pack-carrier"
              />
              <TextInput
                ref={trackingRef}
                label="Tracking number"
                description="Type or scan, then Enter to ship."
                value={station.tracking}
                onChange={(e) => station.setTracking(e.currentTarget.value)}
                onKeyDown={(e) => onShipKey(e, 'tracking')}
                autoComplete="off"
                spellCheck={false}
                data-testid="pack-tracking"
              />
            </SimpleGrid>
            <datalist id="pack-carriers">
              {CARRIERS.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            <Group gap="sm">
              <Button
                loading={state.step === 'shipping'}
                onClick={() => void station.ship(focusNext)}
                data-testid="pack-ship"
              >
                Ship {state.order.name}
              </Button>
              <Button variant="default" onClick={station.back}>
                Back to scanning
              </Button>
              <Button variant="subtle" onClick={() => void station.print('SLIP', focusNext)}>
                Print packing slip
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      {state.step === 'shipped' && (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="pack-shipped">
          <Stack gap="xs">
            <Text fw={600}>
              {state.shipped.orderName} shipped as {state.shipped.fulfillmentName}
              {state.shipped.tracking ? ` · ${state.shipped.tracking}` : ''}.
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={() => void station.print('SLIP', focusNext)}>
                Print packing slip (P)
              </Button>
              <Button variant="default" onClick={() => void station.print('LABEL_4X6', focusNext)}>
                Print 4×6 label (L)
              </Button>
              <Button onClick={() => void station.nextOrder()}>Next order (Enter)</Button>
            </Group>
          </Stack>
        </Paper>
      )}

      {station.printError && (
        <Alert color="red" variant="light" title="Not printed" data-testid="pack-print-error">
          {station.printError}
        </Alert>
      )}

      <Text size="xs" c="dimmed" visibleFrom="sm">
        <Kbd>Enter</Kbd> next order or next step · <Kbd>Esc</Kbd> back a step · <Kbd>P</Kbd> packing slip ·{' '}
        <Kbd>L</Kbd> 4×6 label (after shipping, on an empty field)
      </Text>
    </Stack>
  );
}
