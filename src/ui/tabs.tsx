import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

/** One tab: its value, label and panel. */
export type TabItem = { value: string; label: ReactNode; content: ReactNode };

/** Tabs with arrow-key movement between tab labels; the chosen value is controlled by the screen. */
export function Tabs({
  items,
  value,
  onValueChange,
  label,
}: {
  items: readonly TabItem[];
  value: string;
  onValueChange: (value: string) => void;
  label: string;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} activationMode="manual">
      <RadixTabs.List aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700 data-[state=active]:border-blue-800 data-[state=active]:font-medium data-[state=active]:text-blue-900"
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="mt-4 focus-visible:outline-2">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
