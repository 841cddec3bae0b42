import { ActionIcon, Group, Input, Paper, Tooltip } from '@mantine/core';
import {
  IconBold,
  IconClearFormatting,
  IconH2,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconUnderline,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import classes from './rich-text-editor.module.css';

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  error?: string | undefined;
}

interface Tool {
  label: string;
  icon: Icon;
  command: string;
  argument?: string;
}

const TOOLS: readonly Tool[] = [
  { label: 'Bold', icon: IconBold, command: 'bold' },
  { label: 'Italic', icon: IconItalic, command: 'italic' },
  { label: 'Underline', icon: IconUnderline, command: 'underline' },
  { label: 'Heading', icon: IconH2, command: 'formatBlock', argument: 'h2' },
  { label: 'Bulleted list', icon: IconList, command: 'insertUnorderedList' },
  { label: 'Numbered list', icon: IconListNumbers, command: 'insertOrderedList' },
  { label: 'Link', icon: IconLink, command: 'createLink' },
  { label: 'Clear formatting', icon: IconClearFormatting, command: 'removeFormat' },
];

/**
 * A small formatting toolbar over a contenteditable (bold, italic, underline, heading, lists, link).
 * The browser's editing commands keep undo working; the server sanitizes the HTML it receives.
 */
export function RichTextEditor({ label, value, onChange, disabled, error }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const id = useId();

  // The DOM is the source while typing; it is only replaced when the value changes from outside.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);

  function run(tool: Tool) {
    const element = area.current;
    if (!element) return;
    let argument = tool.argument;
    if (tool.command === 'createLink') {
      const url = window.prompt('Link address (https://…)')?.trim();
      if (!url || !/^(https?:\/\/|mailto:|\/)/i.test(url)) return;
      argument = url;
    }
    element.focus();
    document.execCommand(tool.command, false, argument);
    onChange(element.innerHTML);
  }

  return (
    <Input.Wrapper label={label} labelElement="div" id={id} error={error}>
      <Paper
        withBorder
        radius="sm"
        className={classes.frame}
        data-error={error ? true : undefined}
        data-disabled={disabled || undefined}
      >
        <Group gap={2} p={4} className={classes.toolbar} role="toolbar" aria-label={`${label} formatting`}>
          {TOOLS.map((tool) => (
            <Tooltip key={tool.label} label={tool.label} openDelay={400}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="md"
                aria-label={tool.label}
                disabled={disabled}
                // Keep the selection in the text while clicking the toolbar.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => run(tool)}
              >
                <tool.icon size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
        <div
          ref={area}
          id={`${id}-area`}
          className={classes.area}
          role="textbox"
          aria-multiline
          aria-label={label}
          aria-invalid={error ? true : undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          onInput={(event) => onChange(event.currentTarget.innerHTML)}
          onPaste={(event) => {
            // Pasted pages bring their styles along; keep the words only.
            event.preventDefault();
            document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
          }}
        />
      </Paper>
    </Input.Wrapper>
  );
}
