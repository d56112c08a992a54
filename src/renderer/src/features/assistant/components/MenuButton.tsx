import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../../ui';
import './MenuButton.css';

interface MenuEntry {
  key: string;
  label: ReactNode;
  /** A choice of one among several (announced as checked or not). */
  checked?: boolean;
  onSelect: () => void;
  /** Starts a new group (a separator before it). */
  separated?: boolean;
}

export interface MenuButtonProps {
  label: string;
  icon?: LucideIcon;
  entries: readonly MenuEntry[];
}

/**
 * A button that opens a menu: arrow keys move through its items, Home and End jump, Enter or
 * Space chooses, Escape closes and returns the focus to the button.
 */
export function MenuButton({ label, icon, entries }: MenuButtonProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const items = (): HTMLElement[] => [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const outside = (event: PointerEvent): void => {
      if (!(event.target instanceof Node) || button.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (): void => {
    setOpen(false);
    button.current?.querySelector('button')?.focus();
  };
  const keys = (event: KeyboardEvent<HTMLUListElement>): void => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number): void => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
    }
  };

  return (
    <div className="assistant-menu-button" ref={button}>
      <Button
        size="sm"
        variant="quiet"
        icon={icon}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {label}
        <ChevronDown size={14} aria-hidden="true" />
      </Button>
      {open && (
        <ul id={id} role="menu" aria-label={label} className="assistant-menu" onKeyDown={keys}>
          {entries.map((entry) => (
            <li
              key={entry.key}
              role={entry.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={entry.checked}
              tabIndex={-1}
              className={`assistant-menu-item${entry.separated ? ' assistant-menu-item-separated' : ''}`}
              onClick={() => {
                close();
                entry.onSelect();
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                close();
                entry.onSelect();
              }}
            >
              {entry.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
