import { createSpotlight } from '@mantine/spotlight';

/** The command palette's open state, shared by the header's search button, Ctrl/Cmd-K and the palette. */
export const [paletteStore, palette] = createSpotlight();
