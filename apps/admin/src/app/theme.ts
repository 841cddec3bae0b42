import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

/** Where the light/dark choice is kept; public/color-scheme.js reads the same key before first paint. */
export const COLOR_SCHEME_KEY = 'stockroom-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

export const theme = createTheme({
  // People who ask their system for less motion get no transitions (and axe never sees a half-faded element).
  respectReducedMotion: true,
  primaryColor: 'blue',
  // Mantine's default shade 6 puts white text on #228be6 (3.5:1); shade 8 (#1971c2) passes WCAG AA
  // (4.9:1) in both schemes, which axe checks on every primary button.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    // Mantine's close button is an icon with no name; screen readers would announce just "button".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Mantine's "dimmed" text (gray 6 on white, dark 2 on dark 7) and its error red (red 6 on white,
 * red 8 on dark) are below 4.5:1; darker shades in light and lighter ones in dark keep secondary
 * text and field errors readable and passing axe colour-contrast.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
