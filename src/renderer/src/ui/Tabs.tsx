import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './Tabs.css';

interface TabItem<V extends string> {
  value: V;
  label: string;
  panel: ReactNode;
}

export interface TabsProps<V extends string> {
  /** Names the tab list. */
  label: string;
  tabs: readonly TabItem<V>[];
  selected: V;
  onSelect: (value: V) => void;
}

/**
 * Tabs as the ARIA pattern has them: one tab stop for the list, arrow keys (and Home/End) move and
 * select, each panel labelled by its tab. Only the selected panel is rendered.
 */
export function Tabs<V extends string>({ label, tabs, selected, onSelect }: TabsProps<V>) {
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === selected),
  );
  const current = tabs[index];

  const move = (event: KeyboardEvent<HTMLDivElement>): void => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = target < 0 ? last : target > last ? 0 : target;
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.value);
    buttons.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={move}>
        {tabs.map((tab, i) => (
          <button
            key={tab.value}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.value}`}
            aria-selected={i === index}
            aria-controls={`${base}-panel-${tab.value}`}
            tabIndex={i === index ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`${base}-panel-${current.value}`} aria-labelledby={`${base}-tab-${current.value}`} tabIndex={0} className="tab-panel">
          {current.panel}
        </div>
      )}
    </div>
  );
}
