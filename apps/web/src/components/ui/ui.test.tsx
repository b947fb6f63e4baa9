import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';
import { Field } from './field';
import { Input } from './input';
import { Spinner } from './spinner';
import { ErrorState } from './states';

describe('ui primitives', () => {
  it('Field wires label, hint and error to its control', () => {
    render(
      <Field label="Email" hint="We never share it." error="Enter a valid email address.">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it. Enter a valid email address.');
  });

  it('Button shows loading as busy and blocks clicks', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('Spinner is a status with an accessible label', () => {
    render(<Spinner label="Loading posts" />);
    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
  });

  it('ErrorState offers Reload', async () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Failed to load conversations" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load conversations');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('Dialog traps focus inside and returns it to the trigger on Escape', async () => {
    const user = userEvent.setup();
    render(
      <Dialog title="Delete post" trigger={<Button>Open</Button>} footer={<Button>Confirm</Button>}>
        <p>Choose a reason.</p>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Delete post' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });
});
