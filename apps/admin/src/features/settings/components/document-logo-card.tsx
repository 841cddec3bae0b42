import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { LOGO_MAX_BYTES } from '@stockroom/domain';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';

interface DocumentLogoCardProps {
  logoDataUrl: string | null;
  disabled: boolean;
  /** Saves a new logo (a data URL) or removes it (null); resolves to the refusal in words, if any. */
  onChange: (logo: string | null) => Promise<string | null>;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('The file could not be read.'));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The logo at the top of every document: PNG or JPEG, at most 256 kB, saved as soon as it is chosen. */
export function DocumentLogoCard({ logoDataUrl, disabled, onChange }: DocumentLogoCardProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = async (logo: string | null) => {
    setBusy(true);
    try {
      setProblem(await onChange(logo));
    } finally {
      setBusy(false);
    }
  };
  const choose = async (file: File | null) => {
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) {
      setProblem(`${file.name} is not a PNG or JPEG image.`);
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(
        `${file.name} is ${Math.ceil(file.size / 1024)} kB; use an image of at most ${LOGO_MAX_BYTES / 1024} kB.`,
      );
      return;
    }
    await change(await readAsDataUrl(file));
  };
  return (
    <SectionCard
      title="Logo"
      description="Printed at the top of every document. PNG or JPEG, at most 256 kB."
    >
      <Stack gap="sm" mt="sm">
        {logoDataUrl ? (
          <Image
            src={logoDataUrl}
            alt="The store's logo on documents"
            h={64}
            w="auto"
            fit="contain"
            maw={240}
            data-testid="document-logo"
          />
        ) : (
          <Text size="sm" c="dimmed">
            No logo: documents start with the store's name.
          </Text>
        )}
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        {!disabled && (
          <Group gap="xs">
            <FileButton onChange={(file) => void choose(file)} accept="image/png,image/jpeg">
              {(props) => (
                <Button {...props} variant="default" size="sm" loading={busy}>
                  {logoDataUrl ? 'Replace logo' : 'Upload logo'}
                </Button>
              )}
            </FileButton>
            {logoDataUrl && (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                disabled={busy}
                onClick={() => void change(null)}
              >
                Remove logo
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </SectionCard>
  );
}
