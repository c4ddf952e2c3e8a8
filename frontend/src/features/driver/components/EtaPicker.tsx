import { ETA_CHOICES_MINUTES, ETA_MINUTES_RANGE } from '@towing/contracts';
import { type FormEvent, useState } from 'react';

/** On my way asks how long: one tap on a usual figure, or a typed one. */
export function EtaPicker({ onPick, onCancel }: { onPick: (minutes: number) => void; onCancel: () => void }) {
  const [typed, setTyped] = useState('');
  const minutes = Number(typed);
  const valid = Number.isInteger(minutes) && minutes >= ETA_MINUTES_RANGE.min && minutes <= ETA_MINUTES_RANGE.max;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) onPick(minutes);
  }

  return (
    <div className="driver-sheet" role="dialog" aria-label="ETA">
      <p className="driver-sheet__title">How long until you get there?</p>
      <div className="driver-eta-grid">
        {ETA_CHOICES_MINUTES.map((choice) => (
          <button key={choice} type="button" className="driver-button" onClick={() => onPick(choice)}>
            {choice} min
          </button>
        ))}
      </div>
      <form className="driver-inline-form" onSubmit={submit}>
        <label htmlFor="driver-eta-typed">Other (minutes)</label>
        <input id="driver-eta-typed" inputMode="numeric" pattern="[0-9]*" value={typed} onChange={(event) => setTyped(event.target.value.trim())} />
        <button type="submit" className="driver-button" disabled={!valid}>
          Set ETA
        </button>
      </form>
      <button type="button" className="driver-button driver-button--quiet" onClick={onCancel}>
        Back
      </button>
    </div>
  );
}
