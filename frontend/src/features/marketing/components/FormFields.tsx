import { StarFilled } from '@ant-design/icons';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId, useState } from 'react';

/*
 * Plain form controls for the public forms. antd's Form, Input, Select and TextArea add about
 * 60 kB gzipped to a page that a visitor on one bar of signal has to download; the phone's own
 * keyboards and pickers serve these short forms as well. The forms read their values with FormData.
 */

interface FieldProps {
  label: string;
  error?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A label, the control and, when the form found a problem, its message. */
export function Field({ label, error, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field-has-error' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className="field-input" />;
}

export function TextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea rows={4} {...props} className="field-input field-textarea" />;
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  options: readonly string[];
  placeholder: string;
}

export function NativeSelect({ options, placeholder, ...props }: SelectProps) {
  return (
    <select defaultValue="" {...props} className="field-input field-select">
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

/** Checkboxes sharing one name, read back with FormData.getAll(name). */
export function CheckboxGroup({ label, name, options }: { label: string; name: string; options: readonly string[] }) {
  return (
    <fieldset className="field field-fieldset">
      <legend className="field-label">{label}</legend>
      <div className="checkbox-grid">
        {options.map((option) => (
          <label key={option} className="field-checkbox">
            <input type="checkbox" name={name} value={option} />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Five radio buttons drawn as stars: keyboard and screen reader users get a plain 1-5 choice. */
export function StarRating({ name, defaultValue }: { name: string; defaultValue: number }) {
  const [value, setValue] = useState(defaultValue);
  return (
    <fieldset className="field field-fieldset">
      <legend className="field-label">Rating</legend>
      <div className="star-rating">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className={stars <= value ? 'star-on' : 'star-off'}>
            <input type="radio" name={name} value={stars} checked={value === stars} onChange={() => setValue(stars)} />
            <StarFilled aria-hidden />
            <span className="visually-hidden">
              {stars} star{stars > 1 ? 's' : ''}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A form's text value, trimmed; empty when missing. */
export function textOf(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
}
