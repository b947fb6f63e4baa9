import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommunityIcon } from './community-icon';

function iconClass(name: string): string {
  const { container } = render(<CommunityIcon name={name} />);
  return container.querySelector('svg')?.getAttribute('class') ?? '';
}

describe('CommunityIcon', () => {
  it.each([
    ['code', 'lucide-code'],
    ['bar-chart-3', 'lucide-chart-column'],
    ['messages-square', 'lucide-messages-square'],
    ['GraduationCap', 'lucide-graduation-cap'],
    ['no-such-icon', 'lucide-users'],
  ])('draws %s as %s', (name, expected) => {
    expect(iconClass(name)).toContain(expected);
  });
});
