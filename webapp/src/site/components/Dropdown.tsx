import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface DropdownOption<T extends string | number> {
  value: T;
  label: string;
  /** A logo or a mark before the label. */
  icon?: ReactNode;
  hint?: string;
}

export interface DropdownProps<T extends string | number> {
  label: string;
  options: DropdownOption<T>[];
  value: T | null;
  onChange(value: T): void;
  placeholder: string;
}

/**
 * A dropdown whose options carry a logo (operators, coins), which a native select cannot show: a button
 * that opens a listbox; arrows, Home/End, Enter and Escape work as in a select.
 */
export function Dropdown<T extends string | number>({ label, options, value, onChange, placeholder }: DropdownProps<T>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const selected = options.find((o) => o.value === value) ?? null;

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const onDown = (e: PointerEvent) => {
      if (!list.current?.parentElement?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  useEffect(() => {
    if (open) list.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  const openList = () => {
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.value === value),
      ),
    );
    setOpen(true);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    onChange(option.value);
    setOpen(false);
    button.current?.focus();
  };
  const onListKey = (e: KeyboardEvent) => {
    const last = options.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(last, active + 1), ArrowUp: Math.max(0, active - 1), Home: 0, End: last };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key]!);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      setOpen(false);
      if (e.key === 'Escape') button.current?.focus();
    }
  };

  return (
    <div className="dropdown">
      <span className="label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className="dropdown-button input"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            openList();
          }
        }}
      >
        {selected?.icon}
        <span id={`${id}-value`} className={selected ? 'dropdown-value' : 'dropdown-value placeholder'}>
          {selected?.label ?? placeholder}
        </span>
        <span aria-hidden="true" className="dropdown-caret">
          ▾
        </span>
      </button>
      {open && (
        <ul
          ref={list}
          className="dropdown-list"
          role="listbox"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          aria-activedescendant={`${id}-opt-${active}`}
          onKeyDown={onListKey}
        >
          {options.map((o, i) => (
            <li
              key={o.value}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={o.value === value}
              className={i === active ? 'dropdown-option active' : 'dropdown-option'}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(i)}
            >
              {o.icon}
              <span>
                {o.label}
                {o.hint && <small>{o.hint}</small>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
