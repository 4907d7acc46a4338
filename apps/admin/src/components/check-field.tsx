import { useEffect, useState } from 'react';

/**
 * One on/off filter of a list's filter bar. The filters live in the address, and the router applies an
 * address change in a transition: a checkbox bound straight to the address would spring back until that
 * transition commits. It keeps its own state, shown at once, and follows the address when that changes.
 */
export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const [shown, setShown] = useState(checked);
  useEffect(() => setShown(checked), [checked]);
  return (
    <label className="flex items-center gap-2 pb-2 text-sm text-ink">
      <input
        type="checkbox"
        checked={shown}
        onChange={(e) => {
          setShown(e.target.checked);
          onChange(e.target.checked);
        }}
      />
      {label}
    </label>
  );
}
