import { ActionIcon, CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';

interface SearchFieldProps {
  /** The search in the URL; the box starts from it and follows it. */
  value: string;
  onSearch: (query: string) => void;
  label: string;
  placeholder?: string;
  /** Why the server could not run the search (the connection's userErrors), shown under the box. */
  error?: string | null;
  /** Help about the syntax, shown under the box when there is no error. */
  description?: string;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A list's search box (SPEC §7.4 syntax). Runs on Enter, so a half-typed term never reaches the
 * server; `/` anywhere on the page puts the cursor in it (SPEC §2 shortcuts).
 */
export function SearchField({ value, onSearch, label, placeholder, error, description }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);

  // When the URL's search changes (Back, a filter chip), the box shows it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.metaKey || event.ctrlKey || isTyping(event.target)) return;
      // A dialog (or the command palette) keeps its keys.
      if (document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Our own searches mark the value as shown at once, so that the URL catching up a moment later
  // never overwrites what the person has started typing since.
  const search = (query: string) => {
    setShown(query);
    onSearch(query);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(text.trim());
  };

  return (
    <form role="search" onSubmit={submit} style={{ flex: 1, minWidth: 220 }}>
      <TextInput
        ref={input}
        label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            setText('');
            search('');
          }
        }}
        error={error}
        description={error ? undefined : description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSectionWidth={text ? 64 : 36}
        rightSection={
          <>
            {text && (
              <CloseButton
                size="sm"
                aria-label="Clear search"
                onClick={() => {
                  setText('');
                  search('');
                }}
              />
            )}
            <ActionIcon type="submit" variant="subtle" aria-label="Search" size="sm">
              <IconSearch size={14} aria-hidden />
            </ActionIcon>
          </>
        }
      />
    </form>
  );
}
