/** A row of tab buttons, one per option; the current one is marked for screen readers and styles. */
export function Tabs<T extends string>({
  options,
  current,
  label,
  onSelect,
}: {
  options: readonly T[];
  current: T;
  label: (option: T) => string;
  onSelect: (option: T) => void;
}) {
  return (
    <div className="tabs" role="tablist">
      {options.map((o) => (
        <button
          key={o}
          type="button"
          role="tab"
          aria-selected={o === current}
          className={o === current ? 'tab active' : 'tab'}
          onClick={() => onSelect(o)}
        >
          {label(o)}
        </button>
      ))}
    </div>
  );
}
