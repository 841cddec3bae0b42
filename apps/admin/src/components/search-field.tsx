import { ActionIcon, CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';

/** How long typing pauses before the list searches. */
export const SEARCH_DEBOUNCE_MS = 275;

export interface SearchHow {
  /**
   * True for the searches made while typing after the first of a burst: they replace the history
   * entry, so Back leaves the search rather than stepping through every letter typed.
   */
  replace: boolean;
}

interface SearchFieldProps {
  /** The search in the URL; the box starts from it and follows it. */
  value: string;
  onSearch: (query: string, how: SearchHow) => void;
  label: string;
  placeholder?: string;
  /** Why the server could not run the search (the connection's userErrors), shown under the box. */
  error?: string | null;
  /** Help about the syntax, shown under the box when there is no error. */
  description?: string;
}

/**
 * Whether a search being typed is still half a term, which would only show an error for a moment:
 * an open quote or bracket, a field with no value yet (`vendor:`), a lone `-` or a trailing OR/AND.
 */
export function isHalfTyped(text: string): boolean {
  if ((text.match(/"/g)?.length ?? 0) % 2 === 1) return true;
  if ((text.match(/\(/g)?.length ?? 0) > (text.match(/\)/g)?.length ?? 0)) return true;
  const last = text.trim().split(/\s+/).at(-1) ?? '';
  return /^(-|OR|AND|NOT)$/.test(last) || /:[<>=]*$/.test(last);
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A list's search box (SPEC §7.4 syntax). Searches as you type, once typing pauses
 * (SEARCH_DEBOUNCE_MS) and the text is not half a term; Enter searches at once. `/` anywhere on the
 * page puts the cursor in it (SPEC §2 shortcuts).
 */
export function SearchField({ value, onSearch, label, placeholder, error, description }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);

  // The search this box last asked for, until the URL has it: the URL catching up a moment later
  // must never overwrite what the person has typed since.
  const [asked, setAsked] = useState<string | null>(null);
  // When the URL's search changes otherwise (Back, a filter chip), the box shows it.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setAsked(null);
    if (value !== asked) setText(value);
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

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Whether the last search was made while typing: the next typed one replaces its history entry. */
  const typed = useRef(false);
  const search = (query: string, typing = false) => {
    clearTimeout(timer.current);
    const replace = typing && typed.current;
    typed.current = typing;
    if (query === (asked ?? value)) return;
    setAsked(query);
    onSearch(query, { replace });
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const type = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    const query = next.trim();
    if (isHalfTyped(query)) return;
    timer.current = setTimeout(() => search(query, true), SEARCH_DEBOUNCE_MS);
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
        onChange={(event) => type(event.currentTarget.value)}
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
