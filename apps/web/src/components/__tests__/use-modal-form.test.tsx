import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pathToName, useModalForm } from '../use-modal-form';

interface Values {
  plate?: string;
  images?: { url?: string }[];
}

const fieldFailure = (errors: { path: string; message: string }[]) =>
  Object.assign(new Error('400'), { httpStatus: 400, body: { errors: [{ path: '', message: 'invalid' }, ...errors] } });

function Dialog({ call, onSaved }: { call: (v: Values) => Promise<string>; onSaved: (r: string) => void }) {
  const [open, setOpen] = useState(true);
  const { form, submit, saving, close } = useModalForm<Values, string>({
    submit: call,
    onSuccess: (r) => onSaved(r),
    onClose: () => setOpen(false),
  });
  return (
    <div>
      <output data-testid="state">{open ? 'open' : 'closed'}</output>
      <output data-testid="saving">{String(saving)}</output>
      <Form form={form} onFinish={(v) => void submit(v)} initialValues={{ images: [{ url: '' }] }}>
        <Form.Item name="plate" label="Plate">
          <Input />
        </Form.Item>
        <Form.Item name={['images', 0, 'url']} label="Image">
          <Input />
        </Form.Item>
        <button type="submit">Save</button>
        <button type="button" onClick={close}>
          Cancel
        </button>
      </Form>
    </div>
  );
}

describe('useModalForm', () => {
  it('maps a server path to a field name', () => {
    expect(pathToName('plate')).toEqual(['plate']);
    expect(pathToName('images.0.url')).toEqual(['images', 0, 'url']);
  });

  it('shows the server field errors on their fields (nested ones too) and stays open', async () => {
    const call = vi.fn().mockRejectedValue(
      fieldFailure([
        { path: 'plate', message: 'plate taken' },
        { path: 'plate', message: 'plate taken' },
        { path: 'images.0.url', message: 'not a photo' },
      ]),
    );
    const onSaved = vi.fn();
    render(<Dialog call={call} onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText('Plate'), 'A1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('plate taken')).toBeInTheDocument();
    expect(screen.getAllByText('plate taken')).toHaveLength(1);
    expect(screen.getByText('not a photo')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ plate: 'A1' }));
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('state')).toHaveTextContent('open');
    expect(screen.getByTestId('saving')).toHaveTextContent('false');
    expect(screen.getByLabelText('Plate')).toHaveValue('A1');
  });

  it('stays open without field errors when the failure names no field', async () => {
    const call = vi.fn().mockRejectedValue(Object.assign(new Error('500'), { httpStatus: 500 }));
    render(<Dialog call={call} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(call).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('saving')).toHaveTextContent('false'));
    expect(screen.getByTestId('state')).toHaveTextContent('open');
  });

  it('hands the answer over, resets the form and closes on success', async () => {
    let resolve!: (r: string) => void;
    const call = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const onSaved = vi.fn();
    render(<Dialog call={call} onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText('Plate'), 'B2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('saving')).toHaveTextContent('true'));
    await act(async () => resolve('saved-1'));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'));
    expect(onSaved).toHaveBeenCalledWith('saved-1');
    expect(screen.getByLabelText('Plate')).toHaveValue('');
    expect(screen.getByTestId('saving')).toHaveTextContent('false');
  });

  it('resets and closes on cancel', async () => {
    render(<Dialog call={vi.fn()} onSaved={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Plate'), 'C3');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
    expect(screen.getByLabelText('Plate')).toHaveValue('');
  });
});
