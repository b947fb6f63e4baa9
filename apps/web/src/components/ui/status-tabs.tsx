import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

/** Radix needs a non-empty value; '' (no filter, "All") travels as this. */
const ALL = 'all';

export interface StatusTabsProps<V extends string> {
  value: V;
  onValueChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  /** The tab list's accessible name. */
  label?: string;
  contentClassName?: string;
  /** The list for the chosen value: the active tab's panel, so each tab's aria-controls names a real element. */
  children: ReactNode;
}

/** Filter tabs over one list: a queue by status, people by role. */
export function StatusTabs<V extends string>({
  value,
  onValueChange,
  options,
  label = 'Filter by status',
  contentClassName,
  children,
}: StatusTabsProps<V>) {
  const tabOf = (option: V) => option || ALL;
  const handleChange = (tab: string) => {
    const chosen = options.find((option) => tabOf(option.value) === tab);
    if (chosen) onValueChange(chosen.value);
  };
  return (
    <Tabs value={tabOf(value)} onValueChange={handleChange}>
      <TabsList aria-label={label}>
        {options.map((option) => (
          <TabsTrigger key={option.label} value={tabOf(option.value)}>
            {option.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={tabOf(value)} className={contentClassName}>
        {children}
      </TabsContent>
    </Tabs>
  );
}
