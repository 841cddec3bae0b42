import { Affix, Button, Group, Paper, Text, Transition } from '@mantine/core';

interface SaveBarProps {
  visible: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  /** "Unsaved changes" or "Unsaved product". */
  label: string;
}

/** Sticks to the bottom of the window while there is something to save (Ctrl/Cmd-S saves too). */
export function SaveBar({ visible, saving, onSave, onDiscard, label }: SaveBarProps) {
  return (
    <Affix position={{ bottom: 0, left: 0, right: 0 }} zIndex={190}>
      <Transition mounted={visible} transition="slide-up" duration={150}>
        {(styles) => (
          <Paper
            style={styles}
            shadow="md"
            radius={0}
            px="md"
            py="sm"
            withBorder
            role="region"
            aria-label="Unsaved changes"
            data-testid="save-bar"
          >
            <Group justify="space-between" maw={1200} mx="auto" wrap="nowrap">
              <Text fw={500} size="sm">
                {label}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Button variant="default" onClick={onDiscard} disabled={saving}>
                  Discard
                </Button>
                <Button onClick={onSave} loading={saving} aria-keyshortcuts="Control+S Meta+S">
                  Save
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
      </Transition>
    </Affix>
  );
}
