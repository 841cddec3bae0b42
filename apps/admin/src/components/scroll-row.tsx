import { useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './scroll-row.module.css';

type More = 'start' | 'end' | 'both' | undefined;

function moreOf(el: HTMLElement): More {
  const start = el.scrollLeft > 1;
  const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
  return start && end ? 'both' : start ? 'start' : end ? 'end' : undefined;
}

/**
 * A row of tabs that scrolls sideways when wider than the screen (a phone): the side with more
 * tabs fades out, and the current tab (`aria-current="page"` or a checked radio) is scrolled into
 * view whenever `current` changes.
 */
export function ScrollRow({
  component: Tag = 'div',
  current,
  children,
  ...aria
}: {
  component?: 'div' | 'nav';
  /** What the current tab is; the row brings it into view when it changes. */
  current: string | undefined;
  children: ReactNode;
  'aria-label'?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const [more, setMore] = useState<More>(undefined);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const active = el.querySelector('[aria-current="page"], input:checked');
    const tab = active?.closest('label') ?? active;
    if (tab) {
      const row = el.getBoundingClientRect();
      const box = tab.getBoundingClientRect();
      if (box.right > row.right) el.scrollLeft += box.right - row.right + 40;
      else if (box.left < row.left) el.scrollLeft -= row.left - box.left + 40;
    }
    setMore(moreOf(el));
  }, [current]);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setMore(moreOf(el));
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, []);

  return (
    <Tag ref={ref as never} className={classes.row} data-more={more} {...aria}>
      {children}
    </Tag>
  );
}
